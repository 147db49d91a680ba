/**
 * Mentions, unread and mutes: a mention names members of the room only (outsiders, the banned, unknown ids and
 * blocked members are dropped, never notified; an oversized or malformed list is refused with nothing written); a
 * room's unread start is told only to who may read it; a mute is set only on a room the caller may read or a
 * conversation they are in; visitors get nothing; over HTTP and over the WebSocket.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../src/domain/categories';
import { MENTIONS_MAX } from '../../src/domain/chat-essentials';
import { testUser, trpcAs } from '../../src/server/testing/marketplace';
import { createTestApp, type TestApp, unlimitedMutations } from '../../src/server/testing/test-app';
import { expectSameRows, isClientError, openSocket, snapshot, type TestUser } from './helpers';

let app: TestApp;
let creator: TestUser;
let member: TestUser;
let outsider: TestUser;
let blocker: TestUser;
let privateRoom: string;
let conversationId: string;
const { call, callRaw, ok } = trpcAs(() => app);

beforeAll(async () => {
  app = await createTestApp({}, { mutationLimiter: unlimitedMutations });
  creator = await testUser(app, { firstName: 'Cleo' });
  member = await testUser(app, { firstName: 'Pia' });
  outsider = await testUser(app, { firstName: 'Olga', lastName: 'Outsiderperson' });
  blocker = await testUser(app, { firstName: 'Bo' });
  privateRoom = (await ok(creator, 'rooms.create', { name: 'Quiet library', isPrivate: true })).id;
  for (const who of [member, blocker]) await ok(creator, 'rooms.addMember', { id: privateRoom, userId: who.id });
  await app.database.db.execute(
    sql`insert into user_blocks (blocker_id, blocked_id) values (${blocker.id}, ${member.id})`,
  );
  const service = await ok(creator, 'services.create', {
    title: 'Logo design',
    description: 'A simple logo for your club or project.',
    category_id: SERVICE_CATEGORIES[1]!.id,
    price: 30,
    pricing_type: 'fixed',
    delivery_method: 'virtual',
    service_location: null,
    image_url: '',
  });
  conversationId = (await ok(member, 'conversations.request', { serviceId: service.id })).id;
}, 60_000);
afterAll(() => app?.close());

const mentionsOf = async (messageId: string) =>
  (
    await app.database.db.execute<{ user_id: string }>(
      sql`select user_id from chat_message_mentions where message_id = ${messageId}`,
    )
  ).rows.map((r) => r.user_id);
const mentionItems = async () =>
  (await app.database.db.execute(sql`select 1 from notifications where kind = 'mention'`)).rows.length;

describe('mentions', () => {
  it('an outsider is dropped; a member who blocked the sender is not notified, and the sender cannot tell', async () => {
    const sent = await ok(member, 'roomMessages.send', {
      roomId: privateRoom,
      content: '@Olga Outsiderperson @Bo',
      mentions: [outsider.id, blocker.id],
    });
    await app.events.drain();
    // The blocker's mention is kept as written (dropping it would answer the sender "you are blocked"); the outsider's
    // is not a mention at all.
    expect(await mentionsOf(sent.id)).toEqual([blocker.id]);
    expect(await mentionItems()).toBe(0);
    expect(sent.mentions?.map((m) => m.userId)).toEqual([blocker.id]);
  });

  it.each([
    ['more than the maximum', Array.from({ length: MENTIONS_MAX + 1 }, () => 'x')],
    ['not a list', 'everyone'],
    ['ids that are not strings', [1, 2]],
    ['an id longer than any user id', ['x'.repeat(65)]],
  ])('a mention list %s is refused and nothing is written', async (_what, mentions) => {
    const before = await snapshot(app);
    const result = await callRaw(member, 'roomMessages.send', { roomId: privateRoom, content: 'hi', mentions });
    expect(result.status).toBe(400);
    expectSameRows(before, await snapshot(app), 'roomMessages.send');
  });

  it('an outsider cannot post a mention in a private room, over HTTP or the socket', async () => {
    const before = await snapshot(app);
    const http = await call(outsider, 'roomMessages.send', {
      roomId: privateRoom,
      content: '@Cleo',
      mentions: [creator.id],
    });
    expect(isClientError(http.status)).toBe(true);
    const socket = await openSocket(app, outsider);
    const reply = await socket.call('mutation', 'roomMessages.send', {
      roomId: privateRoom,
      content: '@Cleo',
      mentions: [creator.id],
    });
    socket.close();
    expect(reply.error).toBeDefined();
    expectSameRows(before, await snapshot(app), 'roomMessages.send');
  });
});

describe('mutes and unread', () => {
  it('muting, reading or unmuting a private room one cannot read is refused, nothing written', async () => {
    const before = await snapshot(app);
    for (const [path, input] of [
      ['chat.setMute', { target: { roomId: privateRoom }, duration: 'forever' }],
      ['chat.clearMute', { target: { roomId: privateRoom } }],
      ['chat.mute', { target: { roomId: privateRoom } }],
      ['chat.firstUnreadInRoom', { roomId: privateRoom }],
    ] as const) {
      const result = await callRaw(outsider, path, input);
      expect(result.status, path).toBe(403);
    }
    expectSameRows(before, await snapshot(app), 'chat mutes');
  });

  it("muting someone else's conversation is refused, as a missing one is", async () => {
    const before = await snapshot(app);
    for (const id of [conversationId, crypto.randomUUID()]) {
      const result = await call(outsider, 'chat.setMute', { target: { conversationId: id }, duration: '1h' });
      expect(result.status).toBe(403);
      const first = await call(outsider, 'chat.firstUnreadInConversation', { conversationId: id });
      expect(first.status).toBe(403);
    }
    expectSameRows(before, await snapshot(app), 'chat.setMute');
  });

  it.each([
    ['both a room and a conversation', { target: { roomId: privateRoom, conversationId }, duration: '1h' }],
    ['neither', { target: {}, duration: '1h' }],
    ['an unknown duration', { target: { roomId: privateRoom }, duration: '1y' }],
    ['a room id that is no uuid', { target: { roomId: "1' or '1'='1" }, duration: '1h' }],
    ['no input', undefined],
  ])('a mute with %s is refused and nothing is written', async (_what, input) => {
    const before = await snapshot(app);
    const result = await callRaw(member, 'chat.setMute', input);
    expect(result.status).toBe(400);
    expectSameRows(before, await snapshot(app), 'chat.setMute');
  });

  it('a visitor gets nothing: every procedure refused', async () => {
    for (const [path, input] of [
      ['chat.setMute', { target: { roomId: privateRoom }, duration: 'forever' }],
      ['chat.clearMute', { target: { roomId: privateRoom } }],
      ['chat.mute', { target: { conversationId } }],
      ['chat.firstUnreadInRoom', { roomId: privateRoom }],
      ['chat.firstUnreadInConversation', { conversationId }],
    ] as const) {
      const result = await callRaw(null, path, input);
      expect(result.status, path).toBe(401);
    }
  });

  it("the rooms list's live events never carry a private room's activity to an outsider (WebSocket)", async () => {
    const socket = await openSocket(app, outsider);
    const started = await socket.subscribe('rooms.listEvents', {});
    expect(started.error).toBeUndefined();
    await ok(creator, 'roomMessages.send', { roomId: privateRoom, content: 'secret' });
    await app.events.drain();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(JSON.stringify(socket.replies)).not.toContain(privateRoom);
    socket.close();
  });
});
