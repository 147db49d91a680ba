import type { Db } from '../../db/database';
import { newsletterSubscriptions } from '../../db/schema/newsletter';

/** Adds a (normalized) email; false when it is already subscribed, decided by the unique key, race-free. */
export async function subscribeToNewsletter(
  deps: { db: Db },
  _actor: null,
  input: { email: string },
): Promise<boolean> {
  const [row] = await deps.db
    .insert(newsletterSubscriptions)
    .values({ email: input.email })
    .onConflictDoNothing({ target: newsletterSubscriptions.email })
    .returning({ id: newsletterSubscriptions.id });
  return row !== undefined;
}
