import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { onboardingFlow } from '../../../domain/payouts';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';

/**
 * The setup page's first call: the server, not the browser, decides the adult or minor flow, and the date of birth
 * it decided on is locked in the same statement, so a minor shown the guardian screen cannot then
 * edit their way into the adult flow. Without a date of birth nothing is decided or locked.
 */
export async function beginPayoutSetup(
  deps: { db: Db; now?: () => Date },
  actor: { id: string },
  _input: Record<string, never> = {},
) {
  const [decided] = await deps.db
    .update(profiles)
    .set({ dateOfBirthLockedAt: sql`coalesce(${profiles.dateOfBirthLockedAt}, now())` })
    .where(and(eq(profiles.id, actor.id), isNotNull(profiles.dateOfBirth)))
    .returning({ dateOfBirth: profiles.dateOfBirth });
  return { flow: onboardingFlow(decided?.dateOfBirth ?? null, deps.now?.() ?? new Date()).flow };
}
