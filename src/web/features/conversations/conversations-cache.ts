import type { inferRouterOutputs } from '@trpc/server';
import { allowedActions, MESSAGE_PAGES, progressStatus, type NegotiationState } from '../../../domain/negotiation';
import type { AppRouter } from '../../../server/router';
import { appendOnce, byTimeThenId, mergeNewest, prependPage } from '../../lib/chat/messages';

/**
 * The conversations' cache reducers: pure functions from what the cache holds and one change (a live event, a
 * mutation's answer, a page read) to what it holds next. The hooks in api.ts only apply them.
 */

type Outputs = inferRouterOutputs<AppRouter>['conversations'];
export type ConversationDetails = Outputs['get'];
export type ChatMessage = Outputs['messages'][number];
export type ConversationSummary = Outputs['list'][number];
/** What a live subscription yields, from the router's type (the web imports only that from the server). */
type LiveData<S> = S extends AsyncIterable<{ data: infer D }> ? D : never;
export type ConversationLiveEvent = LiveData<Outputs['events']>;
export type InboxEvent = LiveData<Outputs['inbox']>;

/** Oldest first, as the server pages a conversation. */
export const byCreatedAt = byTimeThenId<ChatMessage>((m) => m.createdAt);

/** The conversation's messages with one more, once (the send's answer and the live event may both bring it). */
export function withMessage(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  return appendOnce(messages, message, byCreatedAt);
}

/** The other party read these messages. */
export function withRead(messages: ChatMessage[], messageIds: readonly string[]): ChatMessage[] {
  const ids = new Set(messageIds);
  return messages.map((m) => (ids.has(m.id) && !m.isRead ? { ...m, isRead: true } : m));
}

/** A moderator removed a message: it keeps its place with the removed notice as its words. */
export function withRemoved(messages: ChatMessage[], messageId: string, text: string): ChatMessage[] {
  return messages.map((m) => (m.id === messageId ? { ...m, text } : m));
}

/** "Load earlier messages": an older page in front of the messages held, each once. */
export function withEarlierMessages(messages: ChatMessage[], earlier: readonly ChatMessage[]): ChatMessage[] {
  return prependPage(messages, earlier, byCreatedAt).messages;
}

/**
 * What the messages query holds after any write: a newest page read again (the live channel's catch-up, a window
 * refocus) keeps the earlier pages loaded before it, as long as the two overlap (mergeNewest). Every other write
 * (a message added, read receipts, an earlier page) holds all it had, so for them this is the written list itself.
 */
export function keepEarlierPages(held: ChatMessage[] | undefined, written: ChatMessage[]): ChatMessage[] {
  if (!held) return written;
  return mergeNewest(held, written, MESSAGE_PAGES.first, byCreatedAt).messages;
}

/**
 * A conversation's page after a state change, derived as the server derives it (describe-conversation.ts) with the
 * domain's own rules for this party; 'review' stays hidden once reviewed.
 */
export function withState<T extends Pick<ConversationDetails, 'party' | 'reviewed' | 'state' | 'status' | 'actions'>>(
  details: T,
  state: NegotiationState,
): T {
  const actions = details.party
    ? allowedActions(state, details.party).filter((a) => a !== 'review' || !details.reviewed)
    : [];
  return { ...details, state, status: progressStatus(state), actions };
}

/** Most recent activity first, as the server lists conversations. */
export const byActivity = (a: ConversationSummary, b: ConversationSummary) =>
  new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime() || b.id.localeCompare(a.id);

/** The menu's unread total after an inbox change: more for new messages, fewer for those read, never below 0. */
export function withUnreadTotal(total: number, event: InboxEvent): number {
  const delta = event.type === 'changed' ? event.unreadDelta : -event.count;
  return Math.max(0, total + delta);
}

/**
 * The conversation list after an inbox change, or null when the change is about a conversation the list does not
 * hold (a new one: the list must be read again to show it; a read of one it does not hold changes nothing).
 */
export function withInboxEvent(list: ConversationSummary[], event: InboxEvent): ConversationSummary[] | null {
  if (!list.some((c) => c.id === event.conversationId)) return null;
  return list
    .map((c) =>
      c.id !== event.conversationId
        ? c
        : event.type === 'changed'
          ? {
              ...c,
              lastMessage: event.lastMessage,
              updatedAt: event.updatedAt,
              unread: Math.max(0, c.unread + event.unreadDelta),
            }
          : { ...c, unread: Math.max(0, c.unread - event.count) },
    )
    .sort(byActivity);
}

/** Notices of the payment's life after it was made: the payment panel's history shows them too. */
const SETTLEMENT_NOTICES = new Set<string>([
  'completion_confirmed',
  'service_cancelled',
  'dispute_opened',
  'card_dispute_reported',
  'payment_refunded',
  'dispute_resolved',
  'payout_sent',
]);

/** Whether a new message changes the payment panel's history (it is one of the payment's notices). */
export const isSettlementNotice = (message: Pick<ChatMessage, 'kind'>) => SETTLEMENT_NOTICES.has(message.kind);
