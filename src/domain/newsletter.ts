import { z } from 'zod';
import { emailSchema } from './auth';

/** The footer's newsletter form (spec 1 sections 5 and 8). */
export const NEWSLETTER_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  subscribed: 'Successfully subscribed to our newsletter!',
  duplicate: 'This email is already subscribed to our newsletter',
  failed: 'Failed to subscribe. Please try again.',
} as const;

/**
 * A plausible address by sign-up's own rule (domain/auth.ts): one line, no control, bidi or quote characters, a
 * domain with a dot. The spec's "contains @" alone let one anonymous request plant many lines, and spreadsheet
 * formulas, in the admin's export (review 22 M3).
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
  .max(254, { error: NEWSLETTER_MESSAGES.invalidEmail })
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

/** The plain POST the footer form sends to. */
export const NEWSLETTER_PATH = '/api/newsletter';

/** A visitor may try this many subscriptions a minute from one address. */
export const NEWSLETTER_ATTEMPTS_PER_MINUTE = 10;
