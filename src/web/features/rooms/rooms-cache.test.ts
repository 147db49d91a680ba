import { describe, expect, it } from 'vitest';
import {
  withEarlierPage,
  withMember,
  withMessage,
  withNewestPage,
  withoutMessage,
  withReaction,
  withReceipts,
  withStanding,
  withUpdated,
  type RoomDetails,
  type RoomLiveEvent,
  type RoomMessage,
  type RoomPage,
} from './rooms-cache';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();
const message = (id: string, minute: number, extra: Partial<RoomMessage> = {}) =>
  ({
    id,
    roomId: 'room',
    sentAt: at(minute),
    content: id,
    senderId: 'u1',
    replyTo: null,
    parentMessageId: null,
    ...extra,
  }) as RoomMessage;
const page = (messages: RoomMessage[], rows: Partial<RoomPage> = {}): RoomPage => ({
  messages,
  reactions: [],
  receipts: [],
  readCounts: [],
  ...rows,
});
const ids = (p: Pick<RoomPage, 'messages'>) => p.messages.map((m) => m.id);
const reaction = (messageId: string, userId = 'u2', emoji = '👍') => ({ messageId, userId, emoji });
const receipt = (messageId: string, userId = 'u2') => ({
  messageId,
  userId,
  readAt: at(30),
  firstName: 'Ann',
  avatarUrl: null,
});

describe('withMessage', () => {
  it('adds a message once, in time order, whichever of the send and the live event comes second', () => {
    const before = page([message('a', 0), message('c', 2)]);
    const once = withMessage(before, message('b', 1));
    expect(ids(once)).toEqual(['a', 'b', 'c']);
    expect(withMessage(once, message('b', 1))).toBe(once);
  });
});

describe('withUpdated', () => {
  it('replaces an edited message and the quoted words of replies to it', () => {
    const target = message('a', 0);
    const reply = message('b', 1, {
      replyTo: { id: 'a', content: 'old' } as RoomMessage['replyTo'],
      parentMessageId: 'a',
    });
    const next = withUpdated(page([target, reply]), message('a', 0, { content: 'new words' }));
    expect(next.messages[0]!.content).toBe('new words');
    expect(next.messages[1]!.replyTo?.content).toBe('new words');
  });
});

describe('withoutMessage', () => {
  it('drops a deleted message with its rows; a reply to it stays without its target', () => {
    const reply = message('b', 1, {
      replyTo: { id: 'a', content: 'x' } as RoomMessage['replyTo'],
      parentMessageId: 'a',
    });
    const next = withoutMessage(
      page([message('a', 0), reply], {
        reactions: [reaction('a'), reaction('b')],
        receipts: [receipt('a')],
        readCounts: [{ messageId: 'a', count: 1 }],
      }),
      'a',
    );
    expect(ids(next)).toEqual(['b']);
    expect(next.messages[0]!.replyTo).toBeNull();
    expect(next.messages[0]!.parentMessageId).toBeNull();
    expect(next.reactions).toEqual([reaction('b')]);
    expect(next.receipts).toEqual([]);
    expect(next.readCounts).toEqual([]);
  });
});

describe('withReaction', () => {
  it("replaces a user's reaction, removes it with null, and ignores messages the page does not hold", () => {
    const start = page([message('a', 0)], { reactions: [reaction('a', 'u2', '👍'), reaction('a', 'u3', '🎉')] });
    const replaced = withReaction(start, 'a', 'u2', '❤️');
    expect(replaced.reactions).toEqual([reaction('a', 'u3', '🎉'), reaction('a', 'u2', '❤️')]);
    expect(withReaction(replaced, 'a', 'u2', null).reactions).toEqual([reaction('a', 'u3', '🎉')]);
    expect(withReaction(start, 'elsewhere', 'u2', '👍')).toBe(start);
  });
});

describe('withReceipts', () => {
  const read = (messageIds: string[], userId = 'u2') =>
    ({
      type: 'read',
      userId,
      messageIds,
      readAt: at(30),
      reader: { firstName: 'Ann', avatarUrl: null },
    }) as Extract<RoomLiveEvent, { type: 'read' }>;
  it('adds a receipt and one to the count for each message shown that the reader had not read', () => {
    const start = page([message('a', 0), message('b', 1)], {
      receipts: [receipt('a')],
      readCounts: [{ messageId: 'a', count: 1 }],
    });
    const next = withReceipts(start, read(['a', 'b', 'not-shown']));
    expect(next.receipts.map((r) => r.messageId)).toEqual(['a', 'b']);
    expect(next.readCounts).toEqual([
      { messageId: 'a', count: 1 },
      { messageId: 'b', count: 1 },
    ]);
  });
  it('changes nothing when the burst brings nothing new (the same event twice)', () => {
    const start = page([message('a', 0)], { receipts: [receipt('a')] });
    expect(withReceipts(start, read(['a']))).toBe(start);
  });
});

describe('withEarlierPage', () => {
  it('puts an older page in front, each message once, with the rows of the messages it added only', () => {
    const held = page([message('c', 2)], { reactions: [reaction('c', 'u2', '🎉')] });
    const earlier = page([message('a', 0), message('b', 1), message('c', 2)], {
      reactions: [reaction('b'), reaction('c', 'u2', '👍')],
      receipts: [receipt('a')],
      readCounts: [{ messageId: 'a', count: 1 }],
    });
    const next = withEarlierPage(held, earlier);
    expect(ids(next)).toEqual(['a', 'b', 'c']);
    expect(next.reactions).toEqual([reaction('b'), reaction('c', 'u2', '🎉')]);
    expect(next.receipts.map((r) => r.messageId)).toEqual(['a']);
  });
});

describe('withNewestPage', () => {
  it('keeps older messages held, with their rows, when the fresh page overlaps them, and drops one deleted meanwhile', () => {
    const held = page([message('a', 0), message('b', 1), message('gone', 2)], {
      reactions: [reaction('a'), reaction('gone')],
    });
    const fresh = page([message('b', 1), message('d', 3)], { reactions: [reaction('d')] });
    const next = withNewestPage(held, fresh, 50);
    expect(ids(next)).toEqual(['a', 'b', 'd']);
    expect(next.reactions).toEqual([reaction('a'), reaction('d')]);
  });
  it('keeps the fresh page alone after a gap (a full page, nothing in common)', () => {
    const next = withNewestPage(page([message('a', 0)]), page([message('x', 10), message('y', 11)]), 2);
    expect(ids(next)).toEqual(['x', 'y']);
  });
});

describe('withStanding', () => {
  const room = (extra: Partial<RoomDetails> = {}) =>
    ({
      id: 'room',
      isPrivate: false,
      standing: 'member',
      isMember: true,
      canManage: false,
      canInvite: false,
      moderates: false,
      muted: true,
      ...extra,
    }) as RoomDetails;
  it('gives a promoted admin what an admin may do, keeping whether they are muted', () => {
    const next = withStanding(room({ isPrivate: true }), 'admin');
    expect(next).toMatchObject({ standing: 'admin', isMember: true, canInvite: true, moderates: true, muted: true });
    expect(next.canManage).toBe(false);
  });
  it("gives a public room's admin nothing more than a member (a public room has no room roles)", () => {
    expect(withStanding(room(), 'admin')).toMatchObject({ canInvite: false, moderates: false });
  });
  it('gives the creator the management of the room', () => {
    expect(withStanding(room(), 'creator', false)).toMatchObject({ canManage: true, moderates: true, muted: false });
  });
  it('takes everything from a member who left, an outsider never being muted', () => {
    expect(withStanding(room(), 'outsider', true)).toMatchObject({
      isMember: false,
      canInvite: false,
      moderates: false,
      muted: false,
    });
  });
  it('lets a member of a private room invite', () => {
    expect(withStanding(room({ isPrivate: true }), 'member').canInvite).toBe(true);
  });
});

describe('withMember', () => {
  it('replaces a member as they are now, or adds a new one at the end', () => {
    const a = { userId: 'a', role: 'member' };
    const b = { userId: 'b', role: 'member' };
    expect(withMember([a, b], { userId: 'a', role: 'admin' })).toEqual([{ userId: 'a', role: 'admin' }, b]);
    expect(withMember([a], b)).toEqual([a, b]);
  });
});
