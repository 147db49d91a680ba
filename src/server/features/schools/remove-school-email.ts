import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { memberSchoolEmails } from '../../db/schema/schools';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { announceProfiles } from './announce-profiles';

/** The member removes their school address: its mark (and any pending link) goes. Removing nothing is fine. */
export async function removeSchoolEmail(
  deps: { db: Db; events: DomainEvents },
  actor: { id: string },
  _input: object = {},
): Promise<{ ok: true }> {
  return inTransaction(deps, async (tx, emit) => {
    const [removed] = await tx
      .delete(memberSchoolEmails)
      .where(eq(memberSchoolEmails.userId, actor.id))
      .returning({ verifiedAt: memberSchoolEmails.verifiedAt });
    if (removed?.verifiedAt) await announceProfiles(tx, emit, [actor.id]);
    return { ok: true as const };
  });
}
