import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { polls } from '../../db/schema/moderation';

/**
 * Locks every poll row of a service, before the caller locks or deletes the service row. One lock order everywhere
 * (poll rows, then the service row), the poll sweep's (close-poll.ts locks the poll, then hides the service):
 * deleting a service the other way round (service row, then its polls by the cascade) deadlocked against a closing
 * poll (reproduced with two sessions). A service has a handful of polls, one active at most.
 */
export async function lockServicePolls(tx: Tx, serviceId: string): Promise<void> {
  await tx.select({ id: polls.id }).from(polls).where(eq(polls.serviceId, serviceId)).for('update');
}
