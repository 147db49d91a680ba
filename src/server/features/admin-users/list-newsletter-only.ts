import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN_USER_LIMITS } from '../../../domain/admin-users';
import type { Db } from '../../db/database';

export const newsletterOnlyCursorSchema = z.object({
  subscribedAt: z.iso.datetime(),
  id: z.uuid(),
});
export type NewsletterOnlyCursor = z.output<typeof newsletterOnlyCursorSchema>;

export const listNewsletterOnlySchema = z.object({ cursor: newsletterOnlyCursorSchema.nullish() });

export type NewsletterOnlySubscriber = { id: string; email: string; subscribedAt: string };

/**
 * adminUsers.newsletterOnly: active subscriptions whose email belongs to no account (compared case-insensitively,
 * as the dashboard does), newest first, one page of ADMIN_USER_LIMITS.subscribersPageSize by keyset. A member's
 * subscription is never here: the users table shows it as Subscribed.
 */
export async function listNewsletterOnly(
  deps: { db: Db },
  _admin: { id: string },
  input: { cursor?: NewsletterOnlyCursor | null | undefined },
): Promise<{ items: NewsletterOnlySubscriber[]; nextCursor: NewsletterOnlyCursor | null }> {
  const limit = ADMIN_USER_LIMITS.subscribersPageSize;
  const after = input.cursor
    ? sql`and (n.subscribed_at, n.id) < (${input.cursor.subscribedAt}::timestamptz, ${input.cursor.id}::uuid)`
    : sql``;
  // subscribed_at has millisecond precision (timestamp(3)), so the ISO cursor is exact.
  const { rows } = await deps.db.execute<{ id: string; email: string; subscribed_at: string | Date }>(sql`
    select n.id, n.email, n.subscribed_at
    from newsletter_subscriptions n
    where n.is_active
      and not exists (select 1 from users u where lower(u.email) = lower(n.email))
      ${after}
    order by n.subscribed_at desc, n.id desc
    limit ${limit + 1}`);
  const items = rows.slice(0, limit).map((r) => ({
    id: r.id,
    email: r.email,
    subscribedAt: new Date(r.subscribed_at).toISOString(),
  }));
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? { subscribedAt: last.subscribedAt, id: last.id } : null,
  };
}
