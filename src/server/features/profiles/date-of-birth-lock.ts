import { eq } from 'drizzle-orm';
import { dateOfBirthChangeRefused } from '../../../domain/profile';
import type { Db, Tx } from '../../db/database';
import { auditEvents } from '../../db/schema/audit';
import { profiles } from '../../db/schema/profiles';
import { AppError } from '../../errors';

/** The reason the web app may switch on when a date of birth change is refused. */
export const DATE_OF_BIRTH_LOCKED = 'DATE_OF_BIRTH_LOCKED';

/**
 * Locks the profile row inside `tx` and says whether changing the date of birth to `next` is refused: the refused
 * change, or null when the caller may write it in the same transaction. The caller records a
 * refusal once the transaction is over, so the record is kept although nothing else is.
 */
export async function lockedDateOfBirthCheck(tx: Tx, userId: string, next: string | null, today: Date) {
  const [current] = await tx
    .select({
      dateOfBirth: profiles.dateOfBirth,
      dateOfBirthLockedAt: profiles.dateOfBirthLockedAt,
      stripeAccountId: profiles.stripeAccountId,
    })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for('update');
  if (current && dateOfBirthChangeRefused(current, next, today)) return { from: current.dateOfBirth, to: next };
  return null;
}

/** Records the refused attempt for support and refuses with the spec's words. */
export async function refuseDateOfBirthChange(
  db: Db,
  actor: { id: string },
  change: { from: string | null; to: string | null },
  via: 'profile' | 'payouts',
): Promise<never> {
  await db.insert(auditEvents).values({
    action: 'date-of-birth.change-refused',
    actorId: actor.id,
    subjectId: actor.id,
    details: { from: change.from, to: change.to, via },
  });
  throw new AppError('DATE_OF_BIRTH_LOCKED');
}
