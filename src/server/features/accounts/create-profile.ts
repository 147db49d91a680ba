import { sql } from 'drizzle-orm';
import type { SignUp } from '../../../domain/auth';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import type { DomainEvents } from '../../events/domain-events';
import { recordEventSql } from '../../events/record-events';

/**
 * Called once a new user row exists: their profile. Never a role: addresses are not verified, so whoever signs up
 * first with an address must not gain anything by it (the first admin is bootstrapped at start, bootstrap-admin.ts).
 * The profile and `user.signed-up` are one statement: the event exists if and only if the profile was created.
 */
export async function createProfileForNewUser(
  deps: { db: Db; events: Pick<DomainEvents, 'committed'> },
  user: { id: string },
  input: { signUp: Pick<SignUp, 'firstName' | 'lastName' | 'dateOfBirth' | 'taxResponsibility'> | null },
): Promise<void> {
  const { signUp } = input;
  const insert = deps.db
    .insert(profiles)
    .values({
      id: user.id,
      firstName: signUp?.firstName ?? null,
      lastName: signUp?.lastName ?? null,
      dateOfBirth: signUp?.dateOfBirth ?? null,
      taxResponsibilityAcknowledgedAt: signUp?.taxResponsibility ? new Date() : null,
    })
    .onConflictDoNothing()
    .returning({ id: profiles.id });
  const { rows } = await deps.db.execute<{ id: string }>(sql`
    with created as (${insert.getSQL()}), ${recordEventSql('user.signed-up', { userId: sql`created.id` }, { from: sql`created` })}
    select id from created`);
  if (rows.length > 0) deps.events.committed([{ type: 'user.signed-up', userId: user.id }]);
}
