import { sql } from 'drizzle-orm';
import { ADMIN_USER_LIMITS } from '../../../domain/admin-users';
import { newsletterExportLine } from '../../../domain/newsletter-schemas';
import type { Db } from '../../db/database';

/**
 * adminUsers.exportNewsletter: every active subscription's email, one per line, sorted, for the text file Export All
 * downloads. Decided: every active subscription, members' included. The button sits beside the newsletter-only
 * table, but spec 3 section 9 calls it "a text file of active emails", and a newsletter goes to every subscriber,
 * not only to those without an account. At most ADMIN_USER_LIMITS.exportMax addresses (`truncated` says when more
 * exist), so one export cannot grow without bound. Byte order ("C"), so both databases sort alike.
 *
 * Each stored value is checked again as it goes out (domain/newsletter-schemas.ts newsletterExportLine): one that fails the
 * subscription rule (stored before it existed, or by any other way in) is left out and counted in `skipped`, so no
 * value can add lines or a spreadsheet formula to the admin's file.
 */
export async function exportNewsletter(
  deps: { db: Db },
  _admin: { id: string },
  _input: object = {},
): Promise<{ text: string; count: number; truncated: boolean; skipped: number }> {
  const max = ADMIN_USER_LIMITS.exportMax;
  const { rows } = await deps.db.execute<{ email: string }>(sql`
    select email from newsletter_subscriptions where is_active order by email collate "C" limit ${max + 1}`);
  const stored = rows.slice(0, max);
  const lines = stored.map((r) => newsletterExportLine(r.email)).filter((line) => line !== null);
  return {
    text: lines.length > 0 ? `${lines.join('\n')}\n` : '',
    count: lines.length,
    truncated: rows.length > max,
    skipped: stored.length - lines.length,
  };
}
