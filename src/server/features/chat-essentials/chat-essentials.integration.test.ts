import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MENTIONS_MAX } from '../../../domain/chat-essentials';
import type { RoomListChannelEvent } from '../../contracts/room-events';
import { userBlocks } from '../../db/schema/blocks';
import { listen } from '../../testing/listen';
import { requestedConversation, testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import { createTestApp, signIn, STRONG_PASSWORD, unlimitedMutations, type TestApp } from '../../testing/test-app';
import { castRooms, signUpRoomCast, type RoomCast } from '../rooms/room-message-fixtures';
import { roomsChannels } from '../rooms/rooms.channels';
import { chatEssentialsChannels } from './chat-essentials.channels';
import { onMemberMentioned } from '../notifications/on-member-mentioned';

let app: TestApp;
const { call, ok } = trpcAs(() => app);
let cast: RoomCast;
let creator: TestUser;
let member: TestUser;
let moderator: TestUser;
let outsider: TestUser;
let banned: TestUser;
let privateRoom: string;
let publicRoom: string;

beforeAll(async () => {
  app = await createTestApp({}, { mutationLimiter: unlimitedMutations });
  cast = await signUpRoomCast(app);
  ({ creator, member, moderator, outsider, banned } = cast);
});
afterAll(() => app.close());
beforeEach(async () => {
  ({ privateRoom, publicRoom } = await castRooms(app, cast));
});

const db = () => app.database.db;
const settle = () => app.events.drain();
const say = (who: TestUser, roomId: string, content: string, mentions?: string[]) =>
  ok(who, 'roomMessages.send', { roomId, content, ...(mentions ? { mentions } : {}) });

async function mentionRows(messageId: string) {
  const { rows } = await db().execute<{ user_id: string }>(
    sql`select user_id from chat_message_mentions where message_id = ${messageId} order by user_id`,
  );
  return rows.map((r) => r.user_id);
}

async function mentionItems(userId: string, roomId: string) {
  const { rows } = await db().execute<{ kind: string; payload: { messageId: string } }>(
    sql`select kind, payload from notifications where recipient_id = ${userId} and kind = 'mention' and room_id = ${roomId}`,
  );
  return rows;
}

async function block(blocker: TestUser, blocked: TestUser) {
  await db().insert(userBlocks).values({ blockerId: blocker.id, blockedId: blocked.id }).onConflictDoNothing();
}
async function unblockAll() {
  await db().execute(sql`delete from user_blocks`);
}

describe('mentions in a room', () => {
  it('stores only members of the room; outsiders, the banned, unknown ids and the sender are dropped silently', async () => {
    const sent = await say(member, privateRoom, '@Cora Creator and @Otto Outsider look', [
      creator.id,
      outsider.id,
      banned.id,
      member.id,
      'no-such-user',
    ]);
    expect(sent.mentions?.map((m) => m.userId)).toEqual([creator.id]);
    expect(sent.mentions?.[0]).toMatchObject({ firstName: 'Cora', lastName: 'Creator' });
    expect(await mentionRows(sent.id)).toEqual([creator.id]);
    const page = await ok(moderator, 'roomMessages.list', { roomId: privateRoom });
    expect(page.messages.find((m) => m.id === sent.id)?.mentions?.map((m) => m.userId)).toEqual([creator.id]);
  });

  it('notifies the mentioned member once, with the mention kind, never the sender or the others', async () => {
    const sent = await say(member, publicRoom, 'Hi @Cora Creator', [creator.id]);
    await settle();
    const items = await mentionItems(creator.id, publicRoom);
    expect(items).toHaveLength(1);
    expect(items[0]!.payload.messageId).toBe(sent.id);
    expect(await mentionItems(member.id, publicRoom)).toHaveLength(0);
    expect(await mentionItems(moderator.id, publicRoom)).toHaveLength(0);
  });

  it('refuses more than the maximum number of mentions', async () => {
    const ids = Array.from({ length: MENTIONS_MAX + 1 }, (_, i) => `user-${i}`);
    const refused = await call(member, 'roomMessages.send', { roomId: publicRoom, content: 'all', mentions: ids });
    expect(refused.status).toBe(400);
  });

  it('a member who left is not mentioned and not notified', async () => {
    await ok(moderator, 'rooms.leave', { id: publicRoom });
    const sent = await say(member, publicRoom, '@Moe Moderator?', [moderator.id]);
    await settle();
    expect(sent.mentions).toEqual([]);
    expect(await mentionRows(sent.id)).toEqual([]);
    expect(await mentionItems(moderator.id, publicRoom)).toHaveLength(0);
  });

  it('no notification when either has blocked the other; the mention stays as written, so the sender learns nothing', async () => {
    await block(creator, member);
    const one = await say(member, privateRoom, '@Cora Creator', [creator.id]);
    // The handler reads blocks when it runs, so it must run before this block is lifted.
    await settle();
    await unblockAll();
    await block(member, creator);
    const two = await say(member, privateRoom, '@Cora Creator again', [creator.id]);
    const three = await say(creator, privateRoom, '@Mia Member', [member.id]);
    await settle();
    await unblockAll();
    for (const sent of [one, two, three]) expect(await mentionRows(sent.id)).toHaveLength(1);
    expect(await mentionItems(creator.id, privateRoom)).toHaveLength(0);
    expect(await mentionItems(member.id, privateRoom)).toHaveLength(0);
  });

  it('a block or a leave after the send but before the notification silences it too', async () => {
    const sent = await say(member, privateRoom, '@Cora Creator @Moe Moderator', [creator.id, moderator.id]);
    await settle();
    await db().execute(sql`delete from notifications where kind = 'mention'`);
    await block(creator, member);
    await ok(moderator, 'rooms.leave', { id: privateRoom });
    const event = {
      type: 'room.member-mentioned' as const,
      actorId: member.id,
      roomId: privateRoom,
      messageId: sent.id,
      userIds: [creator.id, moderator.id],
    };
    // The handler run again as a retried delivery would, after the block and the leave.
    await db().transaction((tx) => onMemberMentioned.handle({ tx, eventId: 1, attempt: 2, emit: () => {} }, event));
    await unblockAll();
    expect(await mentionItems(creator.id, privateRoom)).toHaveLength(0);
    expect(await mentionItems(moderator.id, privateRoom)).toHaveLength(0);
  });
});

const unreadIn = async (who: TestUser, roomId: string) =>
  (await ok(who, 'rooms.list')).find((r) => r.id === roomId)?.unread;

describe('unread counts and the read cursor', () => {
  it('counts the others’ messages after the cursor, and a read in one session shows in the other', async () => {
    const second = { ...member, cookie: (await signIn(app, member.email, STRONG_PASSWORD)).cookie };
    const own = await say(member, privateRoom, 'mine');
    const first = await say(creator, privateRoom, 'one');
    await say(moderator, privateRoom, 'two');
    const last = await say(creator, privateRoom, 'three');
    expect(await unreadIn(member, privateRoom)).toBe(3);
    expect(await unreadIn(second, privateRoom)).toBe(3);
    expect(await ok(second, 'chat.firstUnreadInRoom', { roomId: privateRoom })).toMatchObject({
      messageId: first.id,
    });
    expect(own.id).not.toBe(first.id);

    const live = listen(app.bus, roomsChannels.userRooms(member.id));
    await ok(member, 'roomMessages.markRead', { roomId: privateRoom, upTo: first.id });
    expect(await unreadIn(second, privateRoom)).toBe(2);
    await ok(member, 'roomMessages.markRead', { roomId: privateRoom, upTo: last.id });
    expect(await unreadIn(second, privateRoom)).toBe(0);
    expect(await ok(second, 'chat.firstUnreadInRoom', { roomId: privateRoom })).toBeNull();
    await expect
      .poll(() => live.seen.filter((e) => e.type === 'unread').map((e) => (e as { unread: number }).unread))
      .toEqual([2, 0]);
    live.stop();

    // Marking an older message again never moves the cursor back.
    await ok(second, 'roomMessages.markRead', { roomId: privateRoom, upTo: first.id });
    expect(await unreadIn(member, privateRoom)).toBe(0);
  });

  it('a member one blocked counts for nothing: not in the count, not where the unread starts, not after a read', async () => {
    await block(member, creator);
    try {
      const folded = await say(creator, privateRoom, 'from the blocked member');
      const first = await say(moderator, privateRoom, 'news');
      await say(creator, privateRoom, 'blocked again');
      await say(member, privateRoom, 'from the blocker');
      expect(await unreadIn(member, privateRoom)).toBe(1);
      expect(await ok(member, 'chat.firstUnreadInRoom', { roomId: privateRoom })).toMatchObject({
        messageId: first.id,
      });
      expect(folded.id).not.toBe(first.id);
      // One way only: the blocked member still counts the blocker's messages (and the moderator's).
      expect(await unreadIn(creator, privateRoom)).toBe(2);
      await ok(member, 'roomMessages.markRead', { roomId: privateRoom, upTo: folded.id });
      expect(await unreadIn(member, privateRoom)).toBe(1);
      const live = listen(app.bus, roomsChannels.userRooms(member.id));
      await ok(member, 'roomMessages.markRead', { roomId: privateRoom, upTo: first.id });
      await expect
        .poll(() => live.seen.filter((e) => e.type === 'unread').map((e) => (e as { unread: number }).unread))
        .toEqual([0]);
      live.stop();
    } finally {
      await unblockAll();
    }
  });

  it("caps the count past the badge's maximum", async () => {
    const { rows } = await db().execute<{ n: number }>(sql`
      insert into chat_messages (room_id, sender_id, content, sent_at)
      select ${privateRoom}, ${creator.id}, 'm' || g, now() + (g || ' milliseconds')::interval
      from generate_series(1, 130) g returning 1 as n`);
    expect(rows).toHaveLength(130);
    expect(await unreadIn(member, privateRoom)).toBe(100);
  });

  it('a message from someone else goes on the room activity channel, with ids only', async () => {
    const live = listen(app.bus, chatEssentialsChannels.roomActivity);
    const sent = await say(creator, publicRoom, 'news');
    await expect
      .poll(() => live.seen)
      .toContainEqual({
        type: 'room-message',
        roomId: publicRoom,
        senderId: creator.id,
        messageId: sent.id,
      } satisfies RoomListChannelEvent);
    live.stop();
  });

  it('nobody outside a room learns where its unread starts', async () => {
    const refused = await call(outsider, 'chat.firstUnreadInRoom', { roomId: privateRoom });
    expect(refused.status).toBe(403);
  });
});

/** A provider's service and the conversation a client opened about it, its events delivered. */
async function conversation(provider: TestUser, client: TestUser) {
  const id = await requestedConversation(app, provider, client, { title: 'Logo' });
  await settle();
  return id;
}

async function messageItems(userId: string, conversationId: string) {
  const { rows } = await db().execute<{ count: number; read_at: string | null }>(
    sql`select count, read_at from notifications where recipient_id = ${userId} and kind = 'message' and subject_key = ${conversationId}`,
  );
  return rows;
}

describe('the first unread message of a conversation', () => {
  it('is the other party’s first unread message, and none once read', async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    const id = await conversation(provider, client);
    const first = await ok(provider, 'chat.firstUnreadInConversation', { conversationId: id });
    expect(first).not.toBeNull();
    await ok(provider, 'conversations.markRead', { id });
    expect(await ok(provider, 'chat.firstUnreadInConversation', { conversationId: id })).toBeNull();
    expect((await call(outsider, 'chat.firstUnreadInConversation', { conversationId: id })).status).toBe(403);
  });
});

describe('muting', () => {
  it('a muted room writes no mention notification, until the mute ends', async () => {
    expect(await ok(creator, 'chat.setMute', { target: { roomId: publicRoom }, duration: '1h' })).toMatchObject({
      muted: true,
    });
    const state = await ok(creator, 'chat.mute', { target: { roomId: publicRoom } });
    expect(state.muted && state.until && Date.parse(state.until) - Date.now()).toBeGreaterThan(59 * 60_000);
    await say(member, publicRoom, '@Cora Creator', [creator.id]);
    await settle();
    expect(await mentionItems(creator.id, publicRoom)).toHaveLength(0);

    // Its hour is up: mentions notify again.
    await db().execute(sql`update chat_mutes set until = now() - interval '1 second' where user_id = ${creator.id}`);
    expect(await ok(creator, 'chat.mute', { target: { roomId: publicRoom } })).toEqual({ muted: false });
    await say(member, publicRoom, '@Cora Creator back', [creator.id]);
    await settle();
    expect(await mentionItems(creator.id, publicRoom)).toHaveLength(1);
  });

  it('until turned back on; Unmute ends it', async () => {
    await ok(creator, 'chat.setMute', { target: { roomId: privateRoom }, duration: 'forever' });
    expect(await ok(creator, 'chat.mute', { target: { roomId: privateRoom } })).toEqual({ muted: true, until: null });
    await say(member, privateRoom, '@Cora Creator', [creator.id]);
    await settle();
    expect(await mentionItems(creator.id, privateRoom)).toHaveLength(0);
    await ok(creator, 'chat.clearMute', { target: { roomId: privateRoom } });
    await say(member, privateRoom, '@Cora Creator', [creator.id]);
    await settle();
    expect(await mentionItems(creator.id, privateRoom)).toHaveLength(1);
  });

  it("a muted conversation writes no message notification (so no email or push); the other party's still does", async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    const id = await conversation(provider, client);
    await ok(provider, 'conversations.markRead', { id });
    await ok(provider, 'chat.setMute', { target: { conversationId: id }, duration: '8h' });
    const before = await messageItems(provider.id, id);
    await ok(client, 'conversations.send', { id, text: 'Are you there?' });
    await ok(provider, 'conversations.send', { id, text: 'Yes' });
    await settle();
    expect(await messageItems(provider.id, id)).toEqual(before);
    expect((await messageItems(client.id, id))[0]).toMatchObject({ read_at: null });
  });
});
