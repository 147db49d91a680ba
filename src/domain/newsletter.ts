import { z } from 'zod';

/** The footer's newsletter form (spec 1 sections 5 and 8). */
export const NEWSLETTER_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  subscribed: 'Successfully subscribed to our newsletter!',
  duplicate: 'This email is already subscribed to our newsletter',
  failed: 'Failed to subscribe. Please try again.',
} as const;

/** Non-empty and containing an at-sign (the spec's rule); stored trimmed and lower-cased, so case never duplicates. */
export const newsletterEmailSchema = z
  .string()
  .trim()
  .min(1, { error: NEWSLETTER_MESSAGES.invalidEmail })
  .max(254, { error: NEWSLETTER_MESSAGES.invalidEmail })
  .refine((v) => v.includes('@'), { error: NEWSLETTER_MESSAGES.invalidEmail })
  .transform((v) => v.toLowerCase());

/** The plain POST the footer form sends to. */
export const NEWSLETTER_PATH = '/api/newsletter';

/** A visitor may try this many subscriptions a minute from one address. */
export const NEWSLETTER_ATTEMPTS_PER_MINUTE = 10;
