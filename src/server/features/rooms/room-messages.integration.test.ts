import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES, ROOM_LIMITS, ROOM_MESSAGE_MESSAGES } from '../../../domain/rooms';
import { chatMessageReadReceipts, chatMessages } from '../../db/schema/rooms';
import { roomsChannels } from './rooms.channels';
import type { RoomLiveEvent } from '../../contracts/room-events';
import { trpcAs, type TestUser } from '../../testing/marketplace';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  banUser,
  castRooms,
  countRows,
  listen,
  postMany,
  postNotice,
  recordedRoomEvents,
  signUpRoomCast,
  type RoomCast,
} from './room-message-fixtures';

let app: TestApp;
const { call, ok, callRaw } = trpcAs(() => app);

let cast: RoomCast;
let creator: TestUser;
let member: TestUser;
let moderator: TestUser;
let outsider: TestUser;
let muted: TestUser;
let banned: TestUser;
/** A private room: creator, member, moderator (role moderator), muted (muted member); banned is banned. */
let privateRoom: string;
/** A public room with the same cast; outsider is no member of either. */
let publicRoom: string;

beforeAll(async () => {
  app = await createTestApp();
  cast = await signUpRoomCast(app);
  ({ creator, member, moderator, outsider, muted, banned } = cast);
});
afterAll(() => app.close());

beforeEach(async () => {
  ({ privateRoom, publicRoom } = await castRooms(app, cast));
});

const say = (who: TestUser, roomId: string, content: string, extra: { parentMessageId?: string } = {}) =>
  ok(who, 'roomMessages.send', { roomId, content, ...extra });

describe('reading a room', () => {
  it("a private room's members read its messages, oldest first, with the sender's public profile", async () => {
    await say(member, privateRoom, 'First');
    await say(creator, privateRoom, 'Second');
    const page = await ok(moderator, 'roomMessages.list', { roomId: privateRoom });
    expect(page.messages.map((m) => m.content)).toEqual(['First', 'Second']);
    expect(page.messages[0]).toMatchObject({
      senderId: member.id,
      senderFirstName: 'Mia',
      senderLastName: 'Member',
      senderAvatarUrl: null,
      kind: 'text',
      notice: null,
      replyTo: null,
      editedAt: null,
    });
  });

  it("an outsider never reads a private room's messages, nor its threads", async () => {
    const sent = await say(member, privateRoom, 'Members only');
    const list = await call(outsider, 'roomMessages.list', { roomId: privateRoom });
    expect(list.status).toBe(403);
    expect(list.error?.message).toBe("You don't have access to this private chat room.");
    expect(JSON.stringify(list)).not.toContain('Members only');
    const thread = await call(outsider, 'roomMessages.thread', { roomId: privateRoom, parentId: sent.id });
    expect(thread.status).toBe(403);
    const earlier = await call(outsider, 'roomMessages.earlier', {
      roomId: privateRoom,
      before: { sentAt: sent.sentAt, id: sent.id },
    });
    expect(earlier.status).toBe(403);
  });

  it('anyone signed in reads a public room, except the banned; a visitor reads nothing', async () => {
    await say(member, publicRoom, 'Hello all');
    expect((await ok(outsider, 'roomMessages.list', { roomId: publicRoom })).messages).toHaveLength(1);
    const refused = await call(banned, 'roomMessages.list', { roomId: publicRoom });
    expect(refused.status).toBe(403);
    expect(refused.error?.data.appCode).toBe('ROOM_BANNED');
    expect((await call(null, 'roomMessages.list', { roomId: publicRoom })).status).toBe(401);
  });

  it('an unknown room is "Chat room not found"', async () => {
    const result = await call(member, 'roomMessages.list', { roomId: '00000000-0000-4000-8000-000000000000' });
    expect(result.status).toBe(404);
    expect(result.error?.message).toBe('Chat room not found');
  });

  it('a long room opens with its newest page and pages back to the first message', async () => {
    const all = await postMany(app, publicRoom, member.id, ROOM_LIMITS.messagePage + 10);
    const first = await ok(outsider, 'roomMessages.list', { roomId: publicRoom });
    expect(first.messages.map((m) => m.id)).toEqual(all.slice(10).map((m) => m.id));
    const oldest = first.messages[0]!;
    const earlier = await ok(outsider, 'roomMessages.earlier', {
      roomId: publicRoom,
      before: { sentAt: oldest.sentAt, id: oldest.id },
    });
    expect(earlier.messages.map((m) => m.id)).toEqual(all.slice(0, 10).map((m) => m.id));
    const none = await ok(outsider, 'roomMessages.earlier', {
      roomId: publicRoom,
      before: { sentAt: all[0]!.sentAt.toISOString(), id: all[0]!.id },
    });
    expect(none.messages).toEqual([]);
  });

  it('a notice is read with its typed payload, never as words', async () => {
    await postNotice(app, publicRoom, member.id, { kind: 'member_joined', userId: member.id, name: 'Mia' });
    const [notice] = (await ok(member, 'roomMessages.list', { roomId: publicRoom })).messages;
    expect(notice).toMatchObject({
      kind: 'member_joined',
      content: null,
      notice: { kind: 'member_joined', userId: member.id, name: 'Mia' },
    });
  });
});

describe('sending', () => {
  it('a member posts: one message of kind text, recorded without its words, live to the room with its data', async () => {
    const live = listen(app, roomsChannels.room(privateRoom));
    const sent = await say(member, privateRoom, '  Hello there  ');
    expect(sent).toMatchObject({
      roomId: privateRoom,
      senderId: member.id,
      senderFirstName: 'Mia',
      kind: 'text',
      content: 'Hello there',
      notice: null,
    });
    const events = await recordedRoomEvents(app, privateRoom);
    expect(events.map((e) => e.type)).toEqual(['room.message-posted']);
    expect(events[0]!.payload).toMatchObject({ actorId: member.id, messageId: sent.id, message: { content: null } });
    expect(JSON.stringify(events)).not.toContain('Hello there');
    await expect.poll(() => live.seen).toEqual([{ type: 'message', message: sent }]);
    live.stop();
  });

  it("a public room's non-member may post", async () => {
    const sent = await say(outsider, publicRoom, 'Drive-by hello');
    expect(sent.senderFirstName).toBe('Otto');
  });

  it("a private room's outsider, the muted and the banned are refused, and nothing is stored", async () => {
    const before = await countRows(app, 'chat_messages');
    const outsiderSend = await call(outsider, 'roomMessages.send', { roomId: privateRoom, content: 'Let me in' });
    expect(outsiderSend.status).toBe(403);
    expect(outsiderSend.error?.message).toBe(ROOM_MESSAGE_MESSAGES.membersOnly);
    for (const roomId of [privateRoom, publicRoom]) {
      const mutedSend = await call(muted, 'roomMessages.send', { roomId, content: 'Shh' });
      expect(mutedSend.error?.data.appCode).toBe('ROOM_MUTED');
      const bannedSend = await call(banned, 'roomMessages.send', { roomId, content: 'Back again' });
      expect(bannedSend.error?.data.appCode).toBe('ROOM_BANNED');
    }
    expect((await call(null, 'roomMessages.send', { roomId: publicRoom, content: 'Anon' })).status).toBe(401);
    expect(await countRows(app, 'chat_messages')).toBe(before);
    expect(await recordedRoomEvents(app, privateRoom)).toEqual([]);
  });

  it('empty words without media are "Message cannot be empty"; too many words are refused', async () => {
    for (const content of ['', '   \n ']) {
      const result = await call(member, 'roomMessages.send', { roomId: publicRoom, content });
      expect(result.status).toBe(400);
      expect(result.error?.message).toBe('Message cannot be empty');
    }
    const long = await call(member, 'roomMessages.send', {
      roomId: publicRoom,
      content: 'x'.repeat(ROOM_LIMITS.messageMax + 1),
    });
    expect(long.status).toBe(400);
    expect(
      (await ok(member, 'roomMessages.send', { roomId: publicRoom, content: 'x'.repeat(2000) })).content,
    ).toHaveLength(2000);
  });

  it("whatever kind or payload a client sends, a member's message is text", async () => {
    const result = await callRaw(member, 'roomMessages.send', {
      roomId: publicRoom,
      content: 'Cora was banned from the room',
      kind: 'member_banned',
      payload: { userId: creator.id, name: 'Cora' },
    });
    expect(result.status).toBe(200);
    const [stored] = await app.database.db.select().from(chatMessages).where(eq(chatMessages.roomId, publicRoom));
    expect(stored).toMatchObject({ kind: 'text', payload: null, content: 'Cora was banned from the room' });
  });

  it('a reply carries its parent; a thread lists the parent and its replies, oldest first', async () => {
    const parent = await say(member, publicRoom, 'Who has the notes?');
    const reply1 = await say(creator, publicRoom, 'I do', { parentMessageId: parent.id });
    const reply2 = await say(outsider, publicRoom, 'Me too', { parentMessageId: parent.id });
    expect(reply1.replyTo).toEqual({
      id: parent.id,
      content: 'Who has the notes?',
      senderId: member.id,
      mediaType: null,
      mediaUrl: null,
      sentAt: parent.sentAt,
    });
    const page = await ok(member, 'roomMessages.list', { roomId: publicRoom });
    expect(page.messages.find((m) => m.id === reply2.id)?.replyTo?.id).toBe(parent.id);
    const thread = await ok(member, 'roomMessages.thread', { roomId: publicRoom, parentId: parent.id });
    expect(thread.parent.id).toBe(parent.id);
    expect(thread.messages.map((m) => m.id)).toEqual([reply1.id, reply2.id]);
  });

  it("a parent from another room is refused, and another room's thread is not read through this one", async () => {
    const secret = await say(member, privateRoom, 'Private words');
    const reply = await call(outsider, 'roomMessages.send', {
      roomId: publicRoom,
      content: 'Quoting you',
      parentMessageId: secret.id,
    });
    expect(reply.status).toBe(404);
    expect(JSON.stringify(reply)).not.toContain('Private words');
    const thread = await call(outsider, 'roomMessages.thread', { roomId: publicRoom, parentId: secret.id });
    expect(thread.status).toBe(404);
    expect(JSON.stringify(thread)).not.toContain('Private words');
  });
});

describe('media', () => {
  const media = (url: string, type: 'image' | 'video' | 'gif' = 'image') => ({
    type,
    url,
    filename: 'photo.png',
    size: 1234,
  });

  it("the sender's own chat upload is sent, with or without words", async () => {
    const url = `/files/chat-media/${member.id}/1700000000000-abcd1234.png`;
    const sent = await ok(member, 'roomMessages.send', { roomId: publicRoom, content: '', media: media(url) });
    expect(sent).toMatchObject({
      content: null,
      mediaType: 'image',
      mediaUrl: url,
      mediaFilename: 'photo.png',
      mediaSize: 1234,
    });
  });

  it('a GIF from Giphy over https is sent', async () => {
    for (const url of [
      'https://media.giphy.com/media/abc/giphy.gif',
      'https://media2.giphy.com/media/abc/200w.gif',
      'https://i.giphy.com/abc.gif',
    ]) {
      const sent = await ok(member, 'roomMessages.send', { roomId: publicRoom, content: '', media: media(url, 'gif') });
      expect(sent.mediaUrl).toBe(url);
    }
  });

  it("someone else's upload, another kind of upload, or any other address is refused, and nothing is stored", async () => {
    const before = await countRows(app, 'chat_messages');
    const theirs = await call(member, 'roomMessages.send', {
      roomId: publicRoom,
      content: 'Look',
      media: media(`/files/chat-media/${creator.id}/1700000000000-abcd1234.png`),
    });
    expect(theirs.error?.data.appCode).toBe('UPLOAD_AGAIN');
    const avatar = await call(member, 'roomMessages.send', {
      roomId: publicRoom,
      content: 'Look',
      media: media(`/files/avatars/${member.id}/1700000000000-abcd1234.webp`),
    });
    expect(avatar.error?.data.appCode).toBe('UPLOAD_AGAIN');
    for (const [url, type] of [
      ['https://evil.example.com/pixel.gif', 'gif'],
      ['http://media.giphy.com/media/abc/giphy.gif', 'gif'],
      ['https://media.giphy.com.evil.example/giphy.gif', 'gif'],
      ['https://user@media.giphy.com/media/abc/giphy.gif', 'gif'],
      ['https://media.giphy.com/media/abc/giphy.gif', 'image'],
      ['javascript:alert(1)', 'image'],
      ['data:image/png;base64,AAAA', 'image'],
    ] as const) {
      const result = await call(member, 'roomMessages.send', {
        roomId: publicRoom,
        content: 'Look',
        media: media(url, type),
      });
      expect(result.status, url).toBe(400);
      expect(result.error?.message).toBe(MEDIA_MESSAGES.unsupported);
    }
    const huge = await call(member, 'roomMessages.send', {
      roomId: publicRoom,
      content: 'Big',
      media: { ...media(`/files/chat-media/${member.id}/1.mp4`, 'video'), size: ROOM_LIMITS.attachmentMaxBytes + 1 },
    });
    expect(huge.status).toBe(400);
    expect(huge.error?.message).toBe('File size must be less than 50MB');
    expect(await countRows(app, 'chat_messages')).toBe(before);
  });
});

describe('editing', () => {
  it('the author edits: the words change, edited_at is set, and the room sees the new message live', async () => {
    const sent = await say(member, privateRoom, 'Helo');
    const live = listen(app, roomsChannels.room(privateRoom));
    const edited = await ok(member, 'roomMessages.edit', { messageId: sent.id, content: ' Hello ' });
    expect(edited).toMatchObject({ id: sent.id, content: 'Hello', senderFirstName: 'Mia' });
    expect(edited.editedAt).not.toBeNull();
    await expect.poll(() => live.seen).toEqual([{ type: 'message-updated', message: edited }]);
    const events = await recordedRoomEvents(app, privateRoom);
    expect(events.map((e) => e.type)).toEqual(['room.message-posted', 'room.message-edited']);
    expect(JSON.stringify(events)).not.toContain('Hello');
    live.stop();
  });

  it('unchanged words change nothing and announce nothing', async () => {
    const sent = await say(member, publicRoom, 'Same');
    const result = await ok(member, 'roomMessages.edit', { messageId: sent.id, content: 'Same ' });
    expect(result.editedAt).toBeNull();
    expect((await recordedRoomEvents(app, publicRoom)).map((e) => e.type)).toEqual(['room.message-posted']);
  });

  it("nobody edits another's message, not even the creator; a notice is nobody's to edit", async () => {
    const sent = await say(member, publicRoom, 'Mine');
    for (const who of [creator, moderator, outsider]) {
      const result = await call(who, 'roomMessages.edit', { messageId: sent.id, content: 'Yours now' });
      expect(result.status).toBe(403);
      expect(result.error?.message).toBe('You can only edit your own messages');
    }
    const notice = await postNotice(app, publicRoom, member.id, {
      kind: 'member_joined',
      userId: member.id,
      name: 'Mia',
    });
    const onNotice = await call(member, 'roomMessages.edit', { messageId: notice.id, content: 'I am the admin now' });
    expect(onNotice.error?.data.appCode).toBe('ROOM_EDIT_NOT_AUTHOR');
    const [stored] = await app.database.db.select().from(chatMessages).where(eq(chatMessages.id, sent.id));
    expect(stored).toMatchObject({ content: 'Mine', editedAt: null });
  });

  it('empty words are refused unless the message has media; edits are at most 1000 characters', async () => {
    const text = await say(member, publicRoom, 'Words');
    const empty = await call(member, 'roomMessages.edit', { messageId: text.id, content: '  ' });
    expect(empty.error?.message).toBe('Message cannot be empty');
    const long = await call(member, 'roomMessages.edit', {
      messageId: text.id,
      content: 'x'.repeat(ROOM_LIMITS.editMax + 1),
    });
    expect(long.status).toBe(400);
    const withMedia = await ok(member, 'roomMessages.send', {
      roomId: publicRoom,
      content: 'Caption',
      media: { type: 'image', url: `/files/chat-media/${member.id}/1-a.png`, filename: 'a.png', size: 10 },
    });
    const captionless = await ok(member, 'roomMessages.edit', { messageId: withMedia.id, content: '' });
    expect(captionless).toMatchObject({ content: null, mediaUrl: withMedia.mediaUrl });
  });

  it('a muted author cannot edit (it would be posting again)', async () => {
    const sent = await say(member, publicRoom, 'Before the mute');
    await app.database.db.execute(sql`update chat_room_members set muted_at = now() where user_id = ${member.id}`);
    const result = await call(member, 'roomMessages.edit', { messageId: sent.id, content: 'After the mute' });
    expect(result.error?.data.appCode).toBe('ROOM_MUTED');
    await app.database.db.execute(sql`update chat_room_members set muted_at = null where user_id = ${member.id}`);
  });
});

describe('deleting', () => {
  it('the author deletes their own message, live to the room; replies stay without their parent', async () => {
    const sent = await say(member, privateRoom, 'Oops');
    const reply = await say(creator, privateRoom, 'Re: oops', { parentMessageId: sent.id });
    const live = listen(app, roomsChannels.room(privateRoom));
    expect(await ok(member, 'roomMessages.delete', { messageId: sent.id })).toEqual({ messageId: sent.id });
    await expect.poll(() => live.seen).toEqual([{ type: 'message-deleted', messageId: sent.id }]);
    const page = await ok(member, 'roomMessages.list', { roomId: privateRoom });
    expect(page.messages.map((m) => m.id)).toEqual([reply.id]);
    expect(page.messages[0]).toMatchObject({ parentMessageId: null, replyTo: null });
    expect((await recordedRoomEvents(app, privateRoom)).at(-1)).toMatchObject({
      type: 'room.message-deleted',
      payload: { actorId: member.id, messageId: sent.id },
    });
    live.stop();
  });

  it("deleting another's message needs moderation rights: a public room's moderator has none", async () => {
    const sent = await say(member, publicRoom, 'Keep me');
    for (const who of [moderator, outsider, muted]) {
      const result = await call(who, 'roomMessages.delete', { messageId: sent.id });
      expect(result.status).toBe(403);
      expect(result.error?.message).toBe("You don't have permission to delete this message");
    }
    expect(await countRows(app, 'chat_messages')).toBeGreaterThan(0);
    const [still] = await app.database.db.select().from(chatMessages).where(eq(chatMessages.id, sent.id));
    expect(still).toBeDefined();
    // The creator moderates any room.
    await ok(creator, 'roomMessages.delete', { messageId: sent.id });
  });

  it("a private room's moderator deletes others' messages and notices; a member cannot delete a notice", async () => {
    const sent = await say(member, privateRoom, 'Off-topic');
    await ok(moderator, 'roomMessages.delete', { messageId: sent.id });
    const notice = await postNotice(app, privateRoom, member.id, {
      kind: 'member_joined',
      userId: member.id,
      name: 'Mia',
    });
    const byMember = await call(member, 'roomMessages.delete', { messageId: notice.id });
    expect(byMember.error?.data.appCode).toBe('ROOM_DELETE_REFUSED');
    await ok(moderator, 'roomMessages.delete', { messageId: notice.id });
    const left = await app.database.db.select().from(chatMessages).where(eq(chatMessages.roomId, privateRoom));
    expect(left).toEqual([]);
  });

  it('a banned author cannot delete from a room they may no longer read', async () => {
    const sent = await say(member, privateRoom, 'Before the ban');
    await banUser(app, privateRoom, member.id);
    const result = await call(member, 'roomMessages.delete', { messageId: sent.id });
    expect(result.error?.data.appCode).toBe('ROOM_DELETE_REFUSED');
  });
});

describe('read receipts', () => {
  it('marking read is one write for a burst: every unread message from others, one event naming them', async () => {
    const mine = await say(member, privateRoom, 'Mine');
    const burst = [];
    for (const text of ['One', 'Two', 'Three']) burst.push(await say(creator, privateRoom, text));
    const live = listen(app, roomsChannels.roomReceipts(privateRoom, creator.id));
    const marked = await ok(member, 'roomMessages.markRead', { roomId: privateRoom });
    expect([...marked.messageIds].sort()).toEqual(burst.map((m) => m.id).sort());
    const receipts = await app.database.db
      .select()
      .from(chatMessageReadReceipts)
      .where(eq(chatMessageReadReceipts.userId, member.id));
    expect(receipts.map((r) => r.messageId).sort()).toEqual(burst.map((m) => m.id).sort());
    // One statement: one instant for all of them.
    expect(new Set(receipts.map((r) => r.readAt.toISOString()))).toEqual(new Set([marked.readAt]));
    expect(receipts.some((r) => r.messageId === mine.id)).toBe(false);
    await expect
      .poll(() => live.seen)
      .toEqual([
        {
          type: 'read',
          userId: member.id,
          messageIds: marked.messageIds,
          readAt: marked.readAt,
          // The reader's public name and picture, for a passer-by no member list names.
          reader: { firstName: 'Mia', avatarUrl: null },
          // Only the author of the messages read is sent them live.
          senderIds: [creator.id],
        },
      ]);
    const events = (await recordedRoomEvents(app, privateRoom)).filter((e) => e.type === 'room.messages-read');
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ messageIds: expect.any(Array), senderIds: [creator.id] });

    // Nothing new: nothing written, no event.
    expect((await ok(member, 'roomMessages.markRead', { roomId: privateRoom })).messageIds).toEqual([]);
    expect((await recordedRoomEvents(app, privateRoom)).filter((e) => e.type === 'room.messages-read')).toHaveLength(1);
    expect(live.seen).toHaveLength(1);
    live.stop();
  });

  it('upTo marks only up to that message; the room page shows readers with their first name', async () => {
    const [a, b] = [await say(creator, publicRoom, 'A'), await say(creator, publicRoom, 'B')];
    const first = await ok(outsider, 'roomMessages.markRead', { roomId: publicRoom, upTo: a.id });
    expect(first.messageIds).toEqual([a.id]);
    expect((await ok(member, 'roomMessages.markRead', { roomId: publicRoom })).messageIds.sort()).toEqual(
      [a.id, b.id].sort(),
    );
    const page = await ok(creator, 'roomMessages.list', { roomId: publicRoom });
    expect(page.receipts.filter((r) => r.messageId === a.id)).toEqual([
      { messageId: a.id, userId: outsider.id, readAt: first.readAt, firstName: 'Otto', avatarUrl: null },
      expect.objectContaining({ messageId: a.id, userId: member.id, firstName: 'Mia' }),
    ]);
    expect(page.readCounts).toEqual(
      expect.arrayContaining([
        { messageId: a.id, count: 2 },
        { messageId: b.id, count: 1 },
      ]),
    );
  });

  it('after (the last mark) looks only at what came since, and again at a send that crossed it', async () => {
    const a = await say(creator, publicRoom, 'A');
    expect((await ok(member, 'roomMessages.markRead', { roomId: publicRoom, upTo: a.id })).messageIds).toContain(a.id);
    // Two sends that committed after the mark but are stamped before it: one a moment before (two sends crossing),
    // one longer before than a crossing send could be (not looked at again).
    const crossed = await say(creator, publicRoom, 'Crossed');
    const older = await say(creator, publicRoom, 'Long ago');
    await app.database.db.execute(sql`update chat_messages set sent_at = case id
        when ${crossed.id}::uuid then ${a.sentAt}::timestamptz - interval '1 second'
        else ${a.sentAt}::timestamptz - interval '1 minute' end
      where id in (${crossed.id}::uuid, ${older.id}::uuid)`);
    const b = await say(creator, publicRoom, 'B');
    const since = await ok(member, 'roomMessages.markRead', { roomId: publicRoom, upTo: b.id, after: a.id });
    expect([...since.messageIds].sort()).toEqual([crossed.id, b.id].sort());
    // Without after, everything unread in reach is marked (the page's first mark).
    expect((await ok(member, 'roomMessages.markRead', { roomId: publicRoom })).messageIds).toEqual([older.id]);
    // An after that is not a message of this room is ignored, not trusted.
    const c = await say(creator, publicRoom, 'C');
    const elsewhere = await say(creator, privateRoom, 'Elsewhere');
    const ignored = await ok(moderator, 'roomMessages.markRead', { roomId: publicRoom, after: elsewhere.id });
    expect(ignored.messageIds).toEqual(expect.arrayContaining([older.id, a.id, b.id, c.id]));
  });

  it('each author is sent the receipts of their own messages only; the reader, all of theirs', async () => {
    const byCreator = await say(creator, publicRoom, 'From Cora');
    const byModerator = await say(moderator, publicRoom, 'From Moe');
    const toCreator = listen(app, roomsChannels.roomReceipts(publicRoom, creator.id));
    const toModerator = listen(app, roomsChannels.roomReceipts(publicRoom, moderator.id));
    const toReader = listen(app, roomsChannels.roomReceipts(publicRoom, member.id));
    await ok(member, 'roomMessages.markRead', { roomId: publicRoom });
    const ids = (live: { seen: RoomLiveEvent[] }) => live.seen.flatMap((e) => (e.type === 'read' ? e.messageIds : []));
    await expect.poll(() => ids(toReader).sort()).toEqual([byCreator.id, byModerator.id].sort());
    await expect.poll(() => ids(toCreator)).toEqual([byCreator.id]);
    await expect.poll(() => ids(toModerator)).toEqual([byModerator.id]);
    for (const live of [toCreator, toModerator, toReader]) live.stop();
  });

  it('receipts show the first three readers and count the rest', async () => {
    const sent = await say(creator, publicRoom, 'Read me');
    for (const who of [member, moderator, outsider, muted])
      await ok(who, 'roomMessages.markRead', { roomId: publicRoom });
    const page = await ok(creator, 'roomMessages.list', { roomId: publicRoom });
    expect(page.receipts.filter((r) => r.messageId === sent.id)).toHaveLength(ROOM_LIMITS.receiptAvatars);
    expect(page.readCounts).toEqual([{ messageId: sent.id, count: 4 }]);
  });

  it('readers marking at the same moment are written together, each with their own receipts and refusals', async () => {
    const inPrivate = await say(creator, privateRoom, 'For members');
    const inPublic = await say(creator, publicRoom, 'For all');
    const live = listen(app, roomsChannels.roomReceipts(publicRoom, creator.id));
    // At once: they reach the database in batches (a reader's second call in a room never in the same one).
    const results = await Promise.all([
      call(member, 'roomMessages.markRead', { roomId: privateRoom }),
      call(outsider, 'roomMessages.markRead', { roomId: privateRoom }),
      call(moderator, 'roomMessages.markRead', { roomId: publicRoom }),
      call(member, 'roomMessages.markRead', { roomId: publicRoom }),
      call(banned, 'roomMessages.markRead', { roomId: publicRoom }),
      call(member, 'roomMessages.markRead', { roomId: publicRoom }),
    ]);
    const [memberPrivate, outsiderPrivate, moderatorPublic, memberPublic, bannedPublic, memberAgain] = results;
    expect(memberPrivate!.data?.messageIds).toContain(inPrivate.id);
    expect(outsiderPrivate!.status).toBe(403);
    expect(moderatorPublic!.data?.messageIds).toContain(inPublic.id);
    expect(memberPublic!.data?.messageIds).toContain(inPublic.id);
    expect(bannedPublic!.error?.data.appCode).toBe('ROOM_BANNED');
    expect(memberAgain!.data?.messageIds).toEqual([]);
    const readers = await app.database.db
      .select({ userId: chatMessageReadReceipts.userId })
      .from(chatMessageReadReceipts)
      .where(eq(chatMessageReadReceipts.messageId, inPublic.id));
    expect(readers.map((r) => r.userId).sort()).toEqual([member.id, moderator.id].sort());
    // One live receipt per reader, naming that reader.
    await expect
      .poll(() =>
        live.seen
          .filter((e) => e.type === 'read' && e.messageIds.includes(inPublic.id))
          .map((e) => e.type === 'read' && e.userId)
          .sort(),
      )
      .toEqual([member.id, moderator.id].sort());
    live.stop();
  });

  it('an outsider cannot mark a private room read; a banned user cannot mark any', async () => {
    await say(creator, privateRoom, 'Hi');
    const before = await countRows(app, 'chat_message_read_receipts');
    expect((await call(outsider, 'roomMessages.markRead', { roomId: privateRoom })).status).toBe(403);
    expect((await call(banned, 'roomMessages.markRead', { roomId: publicRoom })).error?.data.appCode).toBe(
      'ROOM_BANNED',
    );
    expect(await countRows(app, 'chat_message_read_receipts')).toBe(before);
  });
});

describe('typing', () => {
  it('typing is published to the room with the first name, without any database write, at most once a second', async () => {
    const live = listen(app, roomsChannels.room(publicRoom));
    const eventsBefore = await countRows(app, 'domain_events');
    expect(await ok(member, 'roomMessages.typing', { roomId: publicRoom, typing: true })).toEqual({ published: true });
    // A burst is dropped silently.
    expect(await ok(member, 'roomMessages.typing', { roomId: publicRoom, typing: true })).toEqual({ published: false });
    // Stopping right after starting still clears the indicator (on send).
    expect(await ok(member, 'roomMessages.typing', { roomId: publicRoom, typing: false })).toEqual({ published: true });
    expect(await ok(member, 'roomMessages.typing', { roomId: publicRoom, typing: false })).toEqual({
      published: false,
    });
    await expect
      .poll(() => live.seen)
      .toEqual([
        { type: 'typing', userId: member.id, name: 'Mia', typing: true },
        { type: 'typing', userId: member.id, name: 'Mia', typing: false },
      ]);
    expect(await countRows(app, 'domain_events')).toBe(eventsBefore);
    live.stop();
  });

  it("the muted, the banned and a private room's outsiders cannot announce typing", async () => {
    const live = listen(app, roomsChannels.room(privateRoom));
    expect((await call(muted, 'roomMessages.typing', { roomId: privateRoom, typing: true })).error?.data.appCode).toBe(
      'ROOM_MUTED',
    );
    expect((await call(banned, 'roomMessages.typing', { roomId: privateRoom, typing: true })).error?.data.appCode).toBe(
      'ROOM_BANNED',
    );
    expect(
      (await call(outsider, 'roomMessages.typing', { roomId: privateRoom, typing: true })).error?.data.appCode,
    ).toBe('ROOM_MEMBERS_ONLY');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(live.seen).toEqual([]);
    live.stop();
  });
});
