/** The footer's newsletter form (spec 1 sections 5 and 8). */
export const NEWSLETTER_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  subscribed: 'Successfully subscribed to our newsletter!',
  duplicate: 'This email is already subscribed to our newsletter',
  failed: 'Failed to subscribe. Please try again.',
} as const;

/** The longest address there can be (RFC 5321's path limit), after trimming. */
export const NEWSLETTER_EMAIL_MAX = 254;

/** The plain POST the footer form sends to. */
export const NEWSLETTER_PATH = '/api/newsletter';

/** A visitor may try this many subscriptions a minute from one address. */
export const NEWSLETTER_ATTEMPTS_PER_MINUTE = 10;
