import type { Tx } from '../db/database';
import type { AppEvent, AppEventType, EventOf } from '../contracts/app-events';

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
