import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_SEARCH_LIMITS } from '../../../domain/message-search';
import { userBlocks } from '../../db/schema/blocks';
import { conversations, messages } from '../../db/schema/conversations';
import { chatMessages, chatRoomMembers } from '../../db/schema/rooms';
import { testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addMember, banUser, makeRoom } from '../rooms/room-message-fixtures';

let app: TestApp;
const { call, ok } = trpcAs(() => app);
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  [alice, bob, carol] = await Promise.all([
    testUser(app, { firstName: 'Alice', lastName: 'Asker' }),
    testUser(app, { firstName: 'Bob', lastName: 'Builder' }),
    testUser(app, { firstName: 'Carol', lastName: 'Coder' }),
  ]);
});
afterAll(() => app.close());

/** A word no other test wrote, so results come from this test's messages only. */
const uniqueWord = () => `w${randomUUID().replaceAll('-', '').slice(0, 10)}`;

async function conversationOf(client: TestUser, provider: TestUser) {
  const [row] = await app.database.db
    .insert(conversations)
    .values({ participant1Id: client.id, participant2Id: provider.id, subjectTitle: 'Guitar lessons' })
    .returning();
  return row!.id;
}

async function say(conversationId: string, sender: TestUser, text: string, createdAt = new Date()) {
  const [row] = await app.database.db
    .insert(messages)
    .values({ conversationId, senderId: sender.id, text, createdAt })
    .returning();
  return row!;
}

async function post(roomId: string, sender: TestUser, content: string, sentAt = new Date()) {
  const [row] = await app.database.db
    .insert(chatMessages)
    .values({ roomId, senderId: sender.id, content, sentAt })
    .returning();
  return row!;
}

const search = (
  who: TestUser,
  query: string,
  scope: { type: 'all' } | { type: 'conversation' | 'room'; id: string } = { type: 'all' },
) => ok(who, 'messageSearch.search', { query, scope });

describe('finding messages', () => {
  it('finds a word in my conversation and in my room, newest first, with where, who, when and the words marked', async () => {
    const word = uniqueWord();
    const conversationId = await conversationOf(alice, bob);
    const room = await makeRoom(app, carol.id, { isPrivate: true, name: 'Jazz club' });
    await addMember(app, room.id, alice.id);
    await say(conversationId, bob, `Bring the ${word} songbook please`, new Date(Date.now() - 60_000));
    await post(room.id, carol, `${word.toUpperCase()} practice tonight`);
    const page = await search(alice, word);
    expect(page.results.map((r) => [r.place, r.senderName])).toEqual([
      [{ type: 'room', id: room.id, name: 'Jazz club' }, 'Carol Coder'],
      [{ type: 'conversation', id: conversationId, name: 'Bob Builder' }, 'Bob Builder'],
    ]);
    const snippet = page.results[1]!.snippet;
    expect(snippet.text).toBe(`Bring the ${word} songbook please`);
    expect(snippet.ranges.map((r) => snippet.text.slice(r.start, r.end))).toEqual([word]);
    expect(page.nextCursor).toBeNull();
  });

  it('matches the last word as a prefix while it is typed, and every word must be there', async () => {
    const word = uniqueWord();
    const conversationId = await conversationOf(alice, bob);
    await say(conversationId, bob, `${word} algebra homework`);
    await say(conversationId, bob, `${word} geometry homework`);
    expect((await search(alice, `${word} alg`)).results.map((r) => r.snippet.text)).toEqual([
      `${word} algebra homework`,
    ]);
    expect((await search(alice, `${word} homework`)).results).toHaveLength(2);
  });

  it('finds text messages only, never a notice, even one stored with words', async () => {
    const word = uniqueWord();
    const conversationId = await conversationOf(alice, bob);
    // Notices of the first release kept their words beside the payload.
    await app.database.db.insert(messages).values({
      conversationId,
      senderId: bob.id,
      kind: 'price_proposed',
      text: `Proposed ${word}`,
      payload: { priceCents: 5000, pricingType: 'fixed' },
    });
    expect((await search(alice, word)).results).toEqual([]);
    await say(conversationId, bob, `Proposed ${word}`);
    expect((await search(alice, word)).results).toHaveLength(1);
  });

  it("never finds another member's conversation", async () => {
    const word = uniqueWord();
    const theirs = await conversationOf(carol, bob);
    await say(theirs, bob, `secret ${word}`);
    expect((await search(alice, word)).results).toEqual([]);
    expect((await search(carol, word)).results).toHaveLength(1);
  });

  it('never finds a conversation with a member blocked either way, from the moment of the block', async () => {
    const word = uniqueWord();
    const dave = await testUser(app, { firstName: 'Dave' });
    const conversationId = await conversationOf(alice, dave);
    await say(conversationId, dave, `meet ${word}`);
    expect((await search(alice, word)).results).toHaveLength(1);
    await app.database.db.insert(userBlocks).values({ blockerId: dave.id, blockedId: alice.id });
    expect((await search(alice, word)).results).toEqual([]);
    expect((await search(dave, word)).results).toEqual([]);
    await app.database.db.delete(userBlocks).where(eq(userBlocks.blockerId, dave.id));
    await app.database.db.insert(userBlocks).values({ blockerId: alice.id, blockedId: dave.id });
    expect((await search(alice, word)).results).toEqual([]);
  });

  it('never finds in a room the messages of a member one blocked; being blocked hides nothing there', async () => {
    const word = uniqueWord();
    const erin = await testUser(app, { firstName: 'Erin' });
    const room = await makeRoom(app, erin.id, { name: 'Open hall' });
    await post(room.id, erin, `hello ${word}`);
    await post(room.id, bob, `hi ${word}`);
    expect((await search(alice, word)).results).toHaveLength(2);
    await app.database.db.insert(userBlocks).values({ blockerId: alice.id, blockedId: erin.id });
    expect((await search(alice, word)).results.map((r) => r.senderName)).toEqual(['Bob Builder']);
    // Erin, blocked, still finds Alice's room messages as the room shows them: a gap would tell her of the block.
    await post(room.id, alice, `also ${word}`);
    expect((await search(erin, word)).results.map((r) => r.senderName)).toContain('Alice Asker');
  });
});

describe('rooms', () => {
  it('never finds a private room I left or was removed from', async () => {
    const word = uniqueWord();
    const room = await makeRoom(app, carol.id, { isPrivate: true, name: 'Private' });
    await addMember(app, room.id, alice.id);
    await post(room.id, carol, `plan ${word}`);
    expect((await search(alice, word)).results).toHaveLength(1);
    await app.database.db
      .delete(chatRoomMembers)
      .where(and(eq(chatRoomMembers.roomId, room.id), eq(chatRoomMembers.userId, alice.id)));
    expect((await search(alice, word)).results).toEqual([]);
    expect(
      (await call(alice, 'messageSearch.search', { query: word, scope: { type: 'room', id: room.id } })).status,
    ).toBe(403);
  });

  it('never finds a room I am banned from, even a public one', async () => {
    const word = uniqueWord();
    const room = await makeRoom(app, carol.id, { isPrivate: false, name: 'Public' });
    await post(room.id, carol, `news ${word}`);
    await banUser(app, room.id, alice.id);
    expect((await search(alice, word)).results).toEqual([]);
  });

  it('finds a public room readable without membership, as canReadRoomSql allows', async () => {
    const word = uniqueWord();
    const room = await makeRoom(app, carol.id, { isPrivate: false, name: 'Town square' });
    await post(room.id, carol, `open ${word}`);
    const page = await search(alice, word);
    expect(page.results.map((r) => r.place)).toEqual([{ type: 'room', id: room.id, name: 'Town square' }]);
    expect((await search(alice, word, { type: 'room', id: room.id })).results).toHaveLength(1);
  });

  it("a private room's outsider never finds its messages", async () => {
    const word = uniqueWord();
    const room = await makeRoom(app, carol.id, { isPrivate: true, name: 'Club' });
    await post(room.id, carol, `members ${word}`);
    expect((await search(alice, word)).results).toEqual([]);
  });
});

describe('scopes, input and paging', () => {
  it('a scope narrows the search to that conversation or room', async () => {
    const word = uniqueWord();
    const first = await conversationOf(alice, bob);
    const second = await conversationOf(alice, carol);
    await say(first, bob, `one ${word}`);
    await say(second, carol, `two ${word}`);
    const page = await search(alice, word, { type: 'conversation', id: second });
    expect(page.results.map((r) => r.snippet.text)).toEqual([`two ${word}`]);
  });

  it('tsquery syntax in the query is read as separators, never as operators', async () => {
    const word = uniqueWord();
    const conversationId = await conversationOf(alice, bob);
    await say(conversationId, bob, `price ${word} agreed`);
    for (const query of [`${word} & !`, `'${word}':*`, `${word} | (`, `!!${word}`, `<-> ${word} \\`, `"${word}"`]) {
      const result = await call(alice, 'messageSearch.search', { query, scope: { type: 'all' } });
      expect(result.status, query).toBe(200);
      expect((result.data as { results: unknown[] }).results, query).toHaveLength(1);
    }
    expect((await search(bob, `&|!():*`)).results).toEqual([]);
  });

  it('pages newest first with a cursor, each message once', async () => {
    const word = uniqueWord();
    const conversationId = await conversationOf(bob, carol);
    const start = Date.now() - 3_600_000;
    const total = MESSAGE_SEARCH_LIMITS.page + 5;
    for (let i = 0; i < total; i++) await say(conversationId, carol, `${word} number ${i}`, new Date(start + i * 1000));
    const first = await search(bob, word);
    expect(first.results).toHaveLength(MESSAGE_SEARCH_LIMITS.page);
    expect(first.results[0]!.snippet.text).toBe(`${word} number ${total - 1}`);
    const second = await ok(bob, 'messageSearch.search', { query: word, cursor: first.nextCursor });
    expect(second.results.map((r) => r.snippet.text)).toEqual([4, 3, 2, 1, 0].map((i) => `${word} number ${i}`));
    expect(second.nextCursor).toBeNull();
  });
});

describe('opening a message in place', () => {
  it('answers the page around a conversation message, and the messages after it', async () => {
    const conversationId = await conversationOf(alice, carol);
    const start = Date.now() - 3_600_000;
    const sent = [];
    for (let i = 0; i < 80; i++) sent.push(await say(conversationId, carol, `line ${i}`, new Date(start + i * 1000)));
    const target = sent[40]!;
    const around = await ok(alice, 'messageSearch.conversationAround', { id: conversationId, messageId: target.id });
    const n = MESSAGE_SEARCH_LIMITS.around;
    expect(around.messages.map((m) => m.text)).toEqual(
      Array.from({ length: 2 * n + 1 }, (_, i) => `line ${40 - n + i}`),
    );
    expect(around).toMatchObject({ hasEarlier: true, hasLater: true });
    const last = around.messages.at(-1)!;
    const after = await ok(alice, 'messageSearch.conversationAfter', {
      id: conversationId,
      after: { createdAt: new Date(last.createdAt).toISOString(), id: last.id },
    });
    expect(after.messages.map((m) => m.text)).toEqual(
      Array.from({ length: 80 - 41 - n }, (_, i) => `line ${41 + n + i}`),
    );
    expect(after.hasLater).toBe(false);
  });

  it('answers the page around a room message with what the room list shows', async () => {
    const room = await makeRoom(app, carol.id, { isPrivate: true, name: 'Around' });
    await addMember(app, room.id, alice.id);
    const start = Date.now() - 3_600_000;
    const sent = [];
    for (let i = 0; i < 5; i++) sent.push(await post(room.id, carol, `room line ${i}`, new Date(start + i * 1000)));
    const around = await ok(alice, 'messageSearch.roomAround', { roomId: room.id, messageId: sent[2]!.id });
    expect(around.messages.map((m) => m.content)).toEqual([0, 1, 2, 3, 4].map((i) => `room line ${i}`));
    expect(around.messages[0]).toMatchObject({ senderFirstName: 'Carol', kind: 'text' });
    expect(around).toMatchObject({ hasEarlier: false, hasLater: false, reactions: [] });
  });

  it('refuses the page around a message of a chat that is not mine, or a message of another chat', async () => {
    const theirs = await conversationOf(bob, carol);
    const message = await say(theirs, carol, 'private words');
    const refused = await call(alice, 'messageSearch.conversationAround', { id: theirs, messageId: message.id });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused)).not.toContain('private words');
    const mine = await conversationOf(alice, bob);
    const elsewhere = await call(alice, 'messageSearch.conversationAround', { id: mine, messageId: message.id });
    expect(elsewhere.status).toBe(404);
    expect(JSON.stringify(elsewhere)).not.toContain('private words');
  });
});
