import { z } from 'zod';
import { emailSchema } from './auth';
import { NEWSLETTER_EMAIL_MAX, NEWSLETTER_MESSAGES } from './newsletter';

// The newsletter's rules, apart from its texts (domain/newsletter.ts): the footer's form, on every page, shows the
// texts and loads no zod; the server's route and the admin's export hold the rules.

/**
 * A plausible address by sign-up's own rule (domain/auth.ts): one line, no control, bidi or quote characters, a
 * domain with a dot. The spec's "contains @" alone let one anonymous request plant many lines, and spreadsheet
 * formulas, in the admin's export.
 */
export function isPlausibleNewsletterEmail(value: string): boolean {
  return value.includes('@') && emailSchema.safeParse(value).success && value.trim() === value;
}

/** Non-empty and a plausible address; stored trimmed and lower-cased, so case never duplicates. */
export const newsletterEmailSchema = z
  .string()
  .max(1000, { error: NEWSLETTER_MESSAGES.invalidEmail, abort: true })
  .trim()
  .min(1, { error: NEWSLETTER_MESSAGES.invalidEmail })
  .max(NEWSLETTER_EMAIL_MAX, { error: NEWSLETTER_MESSAGES.invalidEmail })
  .refine(isPlausibleNewsletterEmail, { error: NEWSLETTER_MESSAGES.invalidEmail })
  .transform((v) => v.toLowerCase());

/**
 * One stored subscription as a line of the export, or null to leave it out: a value stored before the rule above
 * (or by any other way in) that fails it could still carry line breaks or a formula. A line a spreadsheet would
 * run as a formula (= + - @ or a tab first) gets a leading ' as well, which spreadsheets read as "text".
 */
export function newsletterExportLine(stored: string): string | null {
  if (!isPlausibleNewsletterEmail(stored)) return null;
  return /^[=+\-@\t]/.test(stored) ? `'${stored}` : stored;
}
