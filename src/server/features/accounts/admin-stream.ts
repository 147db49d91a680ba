import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { isAdmin } from './is-admin';
import type { Channel } from '../../realtime/channels';
import type { BusEvent, EventBus } from '../../realtime/event-bus';

/**
 * How long one admin check holds for an open admin stream. adminProcedure checks the role once, when a subscription
 * starts; a role removed later (bootstrap-admin on another server's start, an operator, the admin users page) ends
 * no session, so the stream itself asks again. At most one query per stream in this window: a burst of 1,000 events
 * costs one, and a demoted admin sees at most this window's events.
 */
export const ADMIN_RECHECK_MS = 2_000;

export interface AdminStreamOptions {
  lastEventId?: string | null | undefined;
  signal?: AbortSignal | undefined;
  /** For tests: the clock the recheck window is measured on, and the window. */
  now?: () => number;
  recheckMs?: number;
}

/**
 * Every admin subscription's events (feedback, reports and polls, conversations' progress): the bus's events on the
 * channel, each delivered only while the subscriber is still an admin. The role is asked again before an event is
 * handed on once the last check is older than ADMIN_RECHECK_MS; when it is gone the event is dropped and the stream
 * ends with ADMIN_ONLY (FORBIDDEN), which also lets go of the bus subscription.
 */
export async function* adminStream<T>(
  ctx: { db: Db; bus: EventBus; user: { id: string } },
  channel: Channel<T>,
  options: AdminStreamOptions = {},
): AsyncGenerator<BusEvent<T>, void, undefined> {
  const now = options.now ?? Date.now;
  const recheckMs = options.recheckMs ?? ADMIN_RECHECK_MS;
  // adminProcedure has just checked the role: that check opens the first window.
  let checkedAt = now();
  for await (const event of ctx.bus.subscribe(channel, {
    lastEventId: options.lastEventId,
    signal: options.signal,
  })) {
    if (now() - checkedAt >= recheckMs) {
      if (!(await isAdmin(ctx.db, ctx.user.id))) throw new AppError('ADMIN_ONLY');
      checkedAt = now();
    }
    yield event;
  }
}
