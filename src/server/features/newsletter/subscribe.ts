import { isPlausibleNewsletterEmail } from '../../../domain/newsletter-schemas';
import type { Db } from '../../db/database';
import { newsletterSubscriptions } from '../../db/schema/newsletter';
import { AppError } from '../../errors';

/**
 * Adds a (normalized) email; false when it is already subscribed, decided by the unique key, race-free. The rule is
 * checked here as well as at the route: whatever calls this, nothing implausible reaches the admin's export.
 */
export async function subscribeToNewsletter(
  deps: { db: Db },
  _actor: null,
  input: { email: string },
): Promise<boolean> {
  if (!isPlausibleNewsletterEmail(input.email) || input.email !== input.email.toLowerCase()) {
    throw new AppError('BAD_INPUT');
  }
  const [row] = await deps.db
    .insert(newsletterSubscriptions)
    .values({ email: input.email })
    .onConflictDoNothing({ target: newsletterSubscriptions.email })
    .returning({ id: newsletterSubscriptions.id });
  return row !== undefined;
}
