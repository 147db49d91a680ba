import type { inferRouterOutputs } from '@trpc/server';
import { shownEmoji } from '../../../domain/emoji';
import { canInvite, canManageRoom, hasModerationRights, type RoomStanding } from '../../../domain/rooms';
import type { AppRouter } from '../../../server/router';
import { appendOnce, byTimeThenId, mergeNewest, prependPage } from '../../lib/chat/messages';

/**
 * The rooms' cache reducers: pure functions from what the cache holds and one change (a live event, a mutation's
 * answer, a page read) to what it holds next. The hooks in api-messages.ts and api-rooms.ts only apply them.
 */

type Outputs = inferRouterOutputs<AppRouter>;
export type RoomPage = Outputs['roomMessages']['list'];
export type RoomMessage = RoomPage['messages'][number];
export type RoomReaction = RoomPage['reactions'][number];
export type RoomReceipt = RoomPage['receipts'][number];
export type RoomThread = Outputs['roomMessages']['thread'];
/** One room as its page shows it, with the viewer's standing and what they may do (rooms.get). */
export type RoomDetails = Outputs['rooms']['get'];
type LiveData<S> = S extends AsyncIterable<{ data: infer D }> ? D : never;
export type RoomLiveEvent = LiveData<Outputs['rooms']['events']>;
type ReadEvent = Extract<RoomLiveEvent, { type: 'read' }>;

/** Oldest first, as the server orders a page. */
export const bySentAt = byTimeThenId<RoomMessage>((m) => m.sentAt);

/** Anything holding messages with their reactions and receipts: the room's page, or a thread. */
export type PageLike = Pick<RoomPage, 'messages' | 'reactions' | 'receipts' | 'readCounts'>;

/** The page with `message` in it once (the send's answer and the live event may both bring it). */
export function withMessage<P extends PageLike>(page: P, message: RoomMessage): P {
  const messages = appendOnce(page.messages, message, bySentAt);
  return messages === page.messages ? page : { ...page, messages };
}

/** A changed message in place; replies showing it as their target show its new words. */
export function withUpdated<P extends PageLike>(page: P, message: RoomMessage): P {
  return {
    ...page,
    messages: page.messages.map((m) =>
      m.id === message.id
        ? message
        : m.replyTo?.id === message.id
          ? { ...m, replyTo: { ...m.replyTo, content: message.content } }
          : m,
    ),
  };
}

/** A deleted message gone, with its reactions and receipts; a reply to it stays, without its target (set null). */
export function withoutMessage<P extends PageLike>(page: P, messageId: string): P {
  return {
    ...page,
    messages: page.messages
      .filter((m) => m.id !== messageId)
      .map((m) => (m.replyTo?.id === messageId ? { ...m, replyTo: null, parentMessageId: null } : m)),
    reactions: page.reactions.filter((r) => r.messageId !== messageId),
    receipts: page.receipts.filter((r) => r.messageId !== messageId),
    readCounts: page.readCounts.filter((r) => r.messageId !== messageId),
  };
}

/** One user's reaction on a message as it is now (null: removed), if the page holds that message. */
export function withReaction<P extends PageLike>(page: P, messageId: string, userId: string, emoji: string | null): P {
  if (!page.messages.some((m) => m.id === messageId)) return page;
  const others = page.reactions.filter((r) => !(r.messageId === messageId && r.userId === userId));
  return { ...page, reactions: emoji === null ? others : [...others, { messageId, userId, emoji: shownEmoji(emoji) }] };
}

/** A reader's receipts for a burst: each message they had not read yet gets them, and its count one more. */
export function withReceipts<P extends PageLike>(page: P, event: ReadEvent): P {
  const shown = new Set(page.messages.map((m) => m.id));
  const fresh = event.messageIds.filter(
    (id) => shown.has(id) && !page.receipts.some((r) => r.messageId === id && r.userId === event.userId),
  );
  if (fresh.length === 0) return page;
  const receipts = [
    ...page.receipts,
    ...fresh.map((messageId) => ({ messageId, userId: event.userId, readAt: event.readAt, ...event.reader })),
  ];
  const counts = new Map(page.readCounts.map((c) => [c.messageId, c.count]));
  for (const id of fresh) counts.set(id, (counts.get(id) ?? 0) + 1);
  return { ...page, receipts, readCounts: [...counts].map(([messageId, count]) => ({ messageId, count })) };
}

/** The rows (reactions, receipts, read counts) that belong to some of the messages. */
const rowsOf = <T extends { messageId: string }>(rows: readonly T[], ids: ReadonlySet<string>) =>
  rows.filter((r) => ids.has(r.messageId));

/** "Load earlier messages": an older page in front, each message once, with the rows of those it added. */
export function withEarlierPage(page: RoomPage, earlier: RoomPage): RoomPage {
  const { messages, added } = prependPage(page.messages, earlier.messages, bySentAt);
  return {
    messages,
    reactions: [...rowsOf(earlier.reactions, added), ...page.reactions],
    receipts: [...rowsOf(earlier.receipts, added), ...page.receipts],
    readCounts: [...rowsOf(earlier.readCounts, added), ...page.readCounts],
  };
}

/**
 * The newest page read again after a reconnect over what was held: the older messages held are kept (with their
 * rows) when the two overlap; after a gap, the fresh page alone (mergeNewest).
 */
export function withNewestPage(held: RoomPage, fresh: RoomPage, pageSize: number): RoomPage {
  const { messages, kept } = mergeNewest(held.messages, fresh.messages, pageSize, bySentAt);
  return {
    messages,
    reactions: [...rowsOf(held.reactions, kept), ...fresh.reactions],
    receipts: [...rowsOf(held.receipts, kept), ...fresh.receipts],
    readCounts: [...rowsOf(held.readCounts, kept), ...fresh.readCounts],
  };
}

/**
 * rooms.get after the viewer's own standing or the room changed (joined, left, promoted, muted, the room edited):
 * what they may do follows the domain's rules. An outsider is never muted.
 */
export function withStanding(room: RoomDetails, standing: RoomStanding, muted: boolean = room.muted): RoomDetails {
  return {
    ...room,
    standing,
    isMember: standing !== 'outsider',
    canManage: canManageRoom(standing),
    canInvite: canInvite(room, standing),
    moderates: hasModerationRights(room, standing),
    muted: standing === 'outsider' ? false : muted,
  };
}

/** The members list with one member as they are now: replaced, or added at the end. */
export function withMember<T extends { userId: string }>(members: readonly T[], member: T): T[] {
  return members.some((m) => m.userId === member.userId)
    ? members.map((m) => (m.userId === member.userId ? member : m))
    : [...members, member];
}
