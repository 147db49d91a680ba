import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/auth';
import type { DomainEvents } from '../../events/domain-events';
import { recordEvents } from '../../events/record-events';

/**
 * A successful sign-in (a session was created for the account). better-auth writes the session in its own
 * transaction, which we cannot join, so the event is recorded right after it, in a statement of its own: a crash
 * between the two loses the event, never invents one.
 */
export async function recordSignIn(
  deps: { db: Db; events: Pick<DomainEvents, 'committed'> },
  actor: { id: string },
  _input: object = {},
) {
  const event = { type: 'user.signed-in', userId: actor.id } as const;
  await deps.db
    .update(users)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(users.id, actor.id));
  await recordEvents(deps.db, [event]);
  deps.events.committed([event]);
}

/**
 * A sign-up signs the new account in (autoSignIn): the last sign-in is that moment, so /admin/users never reads
 * "Never" for someone who was signed in. No `user.signed-in` event: `user.signed-up` already announced the account.
 */
export async function recordSignUpSignIn(deps: { db: Db }, actor: { id: string }) {
  await deps.db
    .update(users)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(users.id, actor.id));
}
