import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { pushSubscriptions } from '../../db/schema/push';
import { AppError } from '../../errors';
import { isPushServiceEndpoint } from '../../push/push-endpoint';

/** A member's devices with push allowed; the oldest goes when a new one passes this. */
export const PUSH_DEVICES_MAX = 10;

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Saves this browser's subscription for the caller's session: it ends with the session (sign-out, a password reset,
 * a suspension), so the next person at a shared computer never sees the last one's pushes. The same browser signed
 * in as someone else since hands its subscription over.
 */
export async function subscribePush(
  deps: { db: Db },
  actor: { id: string; sessionId: string },
  input: PushSubscriptionInput,
) {
  if (!isPushServiceEndpoint(input.endpoint)) throw new AppError('BAD_INPUT', 'Push is not available in this browser.');
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({
        userId: actor.id,
        sessionId: actor.sessionId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: actor.id, sessionId: actor.sessionId, createdAt: sql`now()` },
        // Only the browser holding the subscription knows its keys: someone who learnt an endpoint cannot take it.
        setWhere: and(eq(pushSubscriptions.p256dh, input.keys.p256dh), eq(pushSubscriptions.auth, input.keys.auth)),
      });
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, actor.id))
      .orderBy(sql`${pushSubscriptions.createdAt} desc`)
      .limit(PUSH_DEVICES_MAX);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, actor.id), notInArray(pushSubscriptions.id, newest)));
  });
  return { ok: true };
}
