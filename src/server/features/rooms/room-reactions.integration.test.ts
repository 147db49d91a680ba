import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROOM_MESSAGE_MESSAGES } from '../../../domain/rooms';
import { messageStickers } from '../../db/schema/rooms';
import { roomsChannels } from './rooms.channels';
import { trpcAs, type TestUser } from '../../testing/marketplace';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  castRooms,
  countRows,
  listen,
  recordedRoomEvents,
  signUpRoomCast,
  type RoomCast,
  storeSticker,
} from './room-message-fixtures';

let app: TestApp;
const { call, ok } = trpcAs(() => app);

let cast: RoomCast;
let creator: TestUser;
let member: TestUser;
let moderator: TestUser;
let outsider: TestUser;
let muted: TestUser;
let banned: TestUser;
let privateRoom: string;
let publicRoom: string;
/** A member's message in each room. */
let privateMessage: string;
let publicMessage: string;

beforeAll(async () => {
  app = await createTestApp();
  cast = await signUpRoomCast(app);
  ({ creator, member, moderator, outsider, muted, banned } = cast);
});
afterAll(() => app.close());

beforeEach(async () => {
  ({ privateRoom, publicRoom } = await castRooms(app, cast));
  for (const roomId of [privateRoom, publicRoom]) {
    const { id } = await ok(member, 'roomMessages.send', { roomId, content: 'React to me' });
    if (roomId === privateRoom) privateMessage = id;
    else publicMessage = id;
  }
});

async function stickersOf(messageId: string) {
  return app.database.db
    .select({ userId: messageStickers.userId, emoji: messageStickers.emoji })
    .from(messageStickers)
    .where(eq(messageStickers.messageId, messageId));
}

describe('reactions', () => {
  it('a reaction is stored, shown on the page and sent live with who and what', async () => {
    const live = listen(app, roomsChannels.room(privateRoom));
    expect(await ok(creator, 'roomMessages.react', { messageId: privateMessage, emoji: '👍' })).toEqual({
      messageId: privateMessage,
      emoji: '👍',
    });
    expect(await stickersOf(privateMessage)).toEqual([{ userId: creator.id, emoji: '👍' }]);
    const page = await ok(member, 'roomMessages.list', { roomId: privateRoom });
    expect(page.reactions).toEqual([{ messageId: privateMessage, userId: creator.id, emoji: '👍' }]);
    await expect
      .poll(() => live.seen)
      .toEqual([{ type: 'reaction', messageId: privateMessage, userId: creator.id, emoji: '👍' }]);
    expect((await recordedRoomEvents(app, privateRoom)).at(-1)).toMatchObject({
      type: 'room.reaction-changed',
      payload: { actorId: creator.id, messageId: privateMessage, emoji: '👍' },
    });
    live.stop();
  });

  it('one reaction per user: another emoji replaces it, the same one removes it', async () => {
    const live = listen(app, roomsChannels.room(publicRoom));
    await ok(member, 'roomMessages.react', { messageId: publicMessage, emoji: '👍' });
    await ok(member, 'roomMessages.react', { messageId: publicMessage, emoji: '❤️' });
    expect(await stickersOf(publicMessage)).toEqual([{ userId: member.id, emoji: '❤️' }]);
    // Someone else's reaction is theirs: adding yours beside it.
    await ok(creator, 'roomMessages.react', { messageId: publicMessage, emoji: '❤️' });
    expect(await stickersOf(publicMessage)).toHaveLength(2);
    expect(await ok(member, 'roomMessages.react', { messageId: publicMessage, emoji: '❤️' })).toEqual({
      messageId: publicMessage,
      emoji: null,
    });
    expect(await stickersOf(publicMessage)).toEqual([{ userId: creator.id, emoji: '❤️' }]);
    await expect
      .poll(() => live.seen.map((e) => (e.type === 'reaction' ? [e.userId, e.emoji] : e.type)))
      .toEqual([
        [member.id, '👍'],
        [member.id, '❤️'],
        [creator.id, '❤️'],
        [member.id, null],
      ]);
    live.stop();
  });

  it('the database holds one reaction per user and message, whatever calls it', async () => {
    await storeSticker(app, publicMessage, member.id, '👍');
    await expect(storeSticker(app, publicMessage, member.id, '🎉')).rejects.toThrow();
  });

  it('removeReaction takes yours back, live; with none there it changes and announces nothing', async () => {
    await ok(member, 'roomMessages.react', { messageId: publicMessage, emoji: '🎉' });
    const live = listen(app, roomsChannels.room(publicRoom));
    expect(await ok(member, 'roomMessages.removeReaction', { messageId: publicMessage })).toEqual({ removed: true });
    expect(await stickersOf(publicMessage)).toEqual([]);
    expect(await ok(member, 'roomMessages.removeReaction', { messageId: publicMessage })).toEqual({ removed: false });
    await expect
      .poll(() => live.seen)
      .toEqual([{ type: 'reaction', messageId: publicMessage, userId: member.id, emoji: null }]);
    const changes = (await recordedRoomEvents(app, publicRoom)).filter((e) => e.type === 'room.reaction-changed');
    expect(changes).toHaveLength(2);
    live.stop();
  });

  it('an invalid emoji is refused and never stored: a UUID, a colon code, an HTML entity, text, too long', async () => {
    const before = await countRows(app, 'message_stickers');
    for (const emoji of [
      privateMessage,
      ':smile:',
      '&#128512;',
      '&amp;',
      '',
      'a',
      '👍a',
      '<img src=x>',
      '😀'.repeat(21),
    ]) {
      const result = await call(member, 'roomMessages.react', { messageId: privateMessage, emoji });
      expect(result.status, emoji).toBe(400);
    }
    expect(await stickersOf(privateMessage)).toEqual([]);
    expect(await countRows(app, 'message_stickers')).toBe(before);
  });

  it("a private room's outsider, the muted and the banned cannot react; a public room's passer-by can", async () => {
    const before = await countRows(app, 'message_stickers');
    const outsiderReact = await call(outsider, 'roomMessages.react', { messageId: privateMessage, emoji: '👍' });
    expect(outsiderReact.error?.message).toBe(ROOM_MESSAGE_MESSAGES.membersOnly);
    for (const messageId of [privateMessage, publicMessage]) {
      expect((await call(muted, 'roomMessages.react', { messageId, emoji: '👍' })).error?.data.appCode).toBe(
        'ROOM_MUTED',
      );
      expect((await call(banned, 'roomMessages.react', { messageId, emoji: '👍' })).error?.data.appCode).toBe(
        'ROOM_BANNED',
      );
    }
    expect((await call(outsider, 'roomMessages.removeReaction', { messageId: privateMessage })).status).toBe(403);
    expect((await call(null, 'roomMessages.react', { messageId: publicMessage, emoji: '👍' })).status).toBe(401);
    expect(await countRows(app, 'message_stickers')).toBe(before);
    await ok(outsider, 'roomMessages.react', { messageId: publicMessage, emoji: '👋' });
    expect(await stickersOf(publicMessage)).toEqual([{ userId: outsider.id, emoji: '👋' }]);
  });

  it('a reaction on a message that does not exist is refused', async () => {
    const result = await call(member, 'roomMessages.react', {
      messageId: '00000000-0000-4000-8000-000000000000',
      emoji: '👍',
    });
    expect(result.status).toBe(404);
  });
});

describe('corrupt stickers', () => {
  it('a stored invalid emoji shows as a question mark', async () => {
    await storeSticker(app, publicMessage, member.id, ':smile:');
    const page = await ok(creator, 'roomMessages.list', { roomId: publicRoom });
    expect(page.reactions).toEqual([{ messageId: publicMessage, userId: member.id, emoji: '?' }]);
  });

  it("a private room's moderator cleans them up, live; valid reactions stay", async () => {
    await storeSticker(app, privateMessage, member.id, ':smile:');
    await storeSticker(app, privateMessage, outsider.id, '&#128512;');
    await storeSticker(app, privateMessage, creator.id, '🔥');
    const live = listen(app, roomsChannels.room(privateRoom));
    expect(await ok(moderator, 'roomMessages.cleanupStickers', { roomId: privateRoom })).toEqual({ removed: 2 });
    expect(ROOM_MESSAGE_MESSAGES.cleanedStickers(2)).toBe('Cleaned up 2 corrupted stickers.');
    expect(await stickersOf(privateMessage)).toEqual([{ userId: creator.id, emoji: '🔥' }]);
    await expect
      .poll(() => live.seen.map((e) => (e.type === 'reaction' ? [e.userId, e.emoji] : e.type)).sort())
      .toEqual(
        [
          [member.id, null],
          [outsider.id, null],
        ].sort(),
      );
    expect(await ok(moderator, 'roomMessages.cleanupStickers', { roomId: privateRoom })).toEqual({ removed: 0 });
    live.stop();
  });

  it("only moderation rights clean up: not a member, not a public room's moderator; the creator may", async () => {
    const before = await countRows(app, 'message_stickers');
    await storeSticker(app, publicMessage, member.id, ':smile:');
    await storeSticker(app, privateMessage, member.id, ':smile:');
    for (const [who, roomId] of [
      [member, privateRoom],
      [outsider, privateRoom],
      [moderator, publicRoom],
      [member, publicRoom],
    ] as const) {
      expect((await call(who, 'roomMessages.cleanupStickers', { roomId })).status).toBe(403);
    }
    expect(await countRows(app, 'message_stickers')).toBe(before + 2);
    expect(await ok(creator, 'roomMessages.cleanupStickers', { roomId: publicRoom })).toEqual({ removed: 1 });
    // Only that room's stickers.
    const left = await app.database.db
      .select()
      .from(messageStickers)
      .where(and(eq(messageStickers.messageId, privateMessage), eq(messageStickers.userId, member.id)));
    expect(left).toHaveLength(1);
  });
});
