import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { pushSubscriptions } from '../../db/schema/push';

/** Forgets this browser's subscription, if it is the caller's (another member's endpoint is left alone). */
export async function unsubscribePush(deps: { db: Db }, actor: { id: string }, input: { endpoint: string }) {
  await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, actor.id), eq(pushSubscriptions.endpoint, input.endpoint)));
  return { ok: true };
}
