import type { Tx } from '../db/database';
import type { EventBus } from '../realtime/event-bus';
import { conversationLiveListeners } from '../features/conversations/publish-live';
import { portfolioLiveListeners } from '../features/portfolio/publish-live';
import { onAvatarSet } from '../features/progression/on-avatar-set';
import { onCompletionConfirmed } from '../features/progression/on-completion-confirmed';
import { onConversationOpened } from '../features/progression/on-conversation-opened';
import { onDisputeResolved } from '../features/progression/on-dispute-resolved';
import { onMessageSent } from '../features/progression/on-message-sent';
import { onPortfolioItemAdded } from '../features/progression/on-portfolio-item-added';
import { onProfileUpdated } from '../features/progression/on-profile-updated';
import { onRefundIssued } from '../features/progression/on-refund-issued';
import { onReviewSubmitted } from '../features/progression/on-review-submitted';
import { onRoomCreated } from '../features/progression/on-room-created';
import { onRoomMemberChanged } from '../features/progression/on-room-member-changed';
import { onRoomMessagePosted } from '../features/progression/on-room-message-posted';
import { onServiceCreated } from '../features/progression/on-service-created';
import { onTransferSent } from '../features/progression/on-transfer-sent';
import { progressionLiveListeners } from '../features/progression/publish-live';
import { feedbackHandlers, feedbackLiveListeners } from '../features/feedback/feedback-live';
import { moderationHandlers, moderationLiveListeners } from '../features/moderation/moderation-live';
import { adminUsersHandlers, adminUsersLiveListeners } from '../features/admin-users/admin-users-live';
import { profileLiveListeners } from '../features/profiles/publish-live';
import { catalogueLiveListeners } from '../features/services/publish-live';
import { roomMessageLiveListeners } from '../features/rooms/publish-live-messages';
import { roomListLiveListeners } from '../features/rooms/publish-live-room-list';
import { roomLiveListeners } from '../features/rooms/publish-live-rooms';
import type { AppEvent, AppEventType, EventOf } from './app-events';

export interface HandlerContext {
  /**
   * The transaction that also marks this delivery done: whatever the handler writes through it commits with "done"
   * or not at all. There is deliberately no `db`: on the embedded database the batch holds the only connection, so a
   * query outside `tx` would wait for it until the connection timeout.
   */
  tx: Tx;
  /** The stored event's id: with the handler's name, an idempotency key for calls outside the database. */
  eventId: number;
  /** 1 on the first run, then 2, 3, ... after failures. */
  attempt: number;
  /**
   * Records an event in `tx` (it exists if and only if the handler's work commits) and hands it to the live
   * listeners once the batch has committed: how a handler's effect reaches the user live (a badge's celebration).
   * Dropped with the handler's writes when it throws. Only during `handle`, as inTransaction's emit.
   */
  emit(event: AppEvent): void;
}

/**
 * A durable reaction to an event: runs after the commit that recorded the event, exactly once for its effect on the
 * database, retried with backoff when it throws. Keep it short (it holds a transaction) and put a call to another
 * system (Stripe, e-mail) behind an idempotency key, since only the database part is exactly once.
 */
export interface EventHandler<T extends AppEventType = AppEventType> {
  /** Stable: stored with every pending delivery. Renaming a handler drops its pending deliveries. */
  name: string;
  on: T;
  handle(ctx: HandlerContext, event: EventOf<T>): Promise<void>;
}

/** A handler of any one event type (the registry mixes them). */
export type AnyEventHandler = { [T in AppEventType]: EventHandler<T> }[AppEventType];

/**
 * Synchronous, in-process reaction after the commit: live publishing, where a durable round trip would cost a chat
 * message its milliseconds (docs/decisions/004-domain-events-outbox.md). Not retried and not durable: a listener
 * that throws is logged, and the commit stands.
 */
export interface LiveListener<T extends AppEventType = AppEventType> {
  on: T;
  publish(event: EventOf<T>): void;
}

export type AnyLiveListener = { [T in AppEventType]: LiveListener<T> }[AppEventType];

/** Infers T from `on`, so `handle` gets the right event type without spelling it. */
export function defineHandler<T extends AppEventType>(handler: EventHandler<T>): EventHandler<T> {
  return handler;
}

export function defineLiveListener<T extends AppEventType>(listener: LiveListener<T>): LiveListener<T> {
  return listener;
}

/**
 * The one registry of durable handlers: one file per handler in its feature, `features/<feature>/on-<event>.ts`
 * (e.g. features/progression/on-message-sent.ts), imported here.
 */
export const durableHandlers: readonly AnyEventHandler[] = [
  // Progression (issue 14): every event that can change a user's XP, quests or badges.
  onMessageSent,
  onConversationOpened,
  onRoomMessagePosted,
  onRoomCreated,
  onRoomMemberChanged,
  onServiceCreated,
  onCompletionConfirmed,
  onDisputeResolved,
  onRefundIssued,
  onTransferSent,
  onReviewSubmitted,
  onPortfolioItemAdded,
  onProfileUpdated,
  onAvatarSet,
  // Feedback, reports and polls (issue 15): each feature's own list.
  ...feedbackHandlers,
  ...moderationHandlers,
  ...adminUsersHandlers,
];

/** The live listeners, made with the bus they publish on. */
export function liveListeners(bus: EventBus): readonly AnyLiveListener[] {
  return [
    ...conversationLiveListeners(bus),
    ...profileLiveListeners(bus),
    ...catalogueLiveListeners(bus),
    ...portfolioLiveListeners(bus),
    ...roomLiveListeners(bus),
    ...roomMessageLiveListeners(bus),
    ...roomListLiveListeners(bus),
    ...progressionLiveListeners(bus),
    ...feedbackLiveListeners(bus),
    ...moderationLiveListeners(bus),
    ...adminUsersLiveListeners(bus),
  ];
}
