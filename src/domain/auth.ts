import { z } from 'zod';
import { AUTH_MESSAGES } from './auth-messages';

export { AUTH_MESSAGES, EXAMPLE_EMAIL } from './auth-messages';

/** Limits of spec 1 section 9. */
export const SIGN_UP_PASSWORD_MIN = 8;
export const SIGN_IN_PASSWORD_MIN = 6;
export const FIRST_NAME_MIN = 2;
/** Maximums: every text a client sends has one, so nothing unbounded reaches the database; the same here and in the profile form. */
export const NAME_MAX = 50;
/** RFC 5321's longest forward path. */
export const EMAIL_MAX = 254;
/** Long enough for any passphrase or manager; a bound on what the server hashes. */
export const PASSWORD_MAX = 128;
/** The oldest date of birth accepted, in years before today. */
export const DATE_OF_BIRTH_MAX_AGE_YEARS = 120;

export const TEXT_LIMIT_MESSAGES = {
  nameTooLong: `Names must be at most ${NAME_MAX} characters.`,
  emailTooLong: `Email addresses must be at most ${EMAIL_MAX} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters.`,
} as const;

/**
 * Password strength checks in the order the spec states; the first failure is the one shown in the
 * Password Requirements alert.
 */
export const PASSWORD_RULES: readonly { test: (password: string) => boolean; message: string }[] = [
  {
    test: (p) => p.length >= SIGN_UP_PASSWORD_MIN,
    message: 'Password must be at least 8 characters long',
  },
  { test: (p) => /[A-Z]/.test(p), message: 'Password must include at least one uppercase letter' },
  { test: (p) => /[a-z]/.test(p), message: 'Password must include at least one lowercase letter' },
  { test: (p) => /[0-9]/.test(p), message: 'Password must include at least one number' },
  {
    // "special punctuation character": ASCII punctuation and symbols.
    test: (p) => /[!-/:-@[-`{-~]/.test(p),
    message: 'Password must include at least one special character (e.g., !@#$%^&*)',
  },
];

/** The first failing strength rule's message, or null when the password is strong. */
export function passwordStrengthError(password: string): string | null {
  return PASSWORD_RULES.find((rule) => !rule.test(password))?.message ?? null;
}

export const emailSchema = z
  .string()
  .max(EMAIL_MAX, { error: TEXT_LIMIT_MESSAGES.emailTooLong, abort: true })
  .trim()
  .pipe(z.email({ error: AUTH_MESSAGES.invalidEmail }));

/** First and last name, as sign-up and the profile form take them. */
export const firstNameSchema = z
  .string()
  .trim()
  .min(FIRST_NAME_MIN, { error: AUTH_MESSAGES.firstNameTooShort })
  .max(NAME_MAX, { error: TEXT_LIMIT_MESSAGES.nameTooLong });
export const lastNameSchema = z
  .string()
  .trim()
  .min(1, { error: AUTH_MESSAGES.lastNameRequired })
  .max(NAME_MAX, { error: TEXT_LIMIT_MESSAGES.nameTooLong });

export const signInSchema = z.object({
  email: emailSchema,
  password: z
    .string()
    .min(SIGN_IN_PASSWORD_MIN, { error: AUTH_MESSAGES.signInPasswordTooShort })
    .max(PASSWORD_MAX, { error: TEXT_LIMIT_MESSAGES.passwordTooLong }),
});
export type SignIn = z.infer<typeof signInSchema>;

/** A calendar date as typed in a date input: YYYY-MM-DD, a real day, not in the future, at most 120 years ago. */
export const dateOfBirthSchema = z
  .string({ error: AUTH_MESSAGES.dateOfBirthRequired })
  .trim()
  .min(1, { error: AUTH_MESSAGES.dateOfBirthRequired, abort: true })
  .refine((v) => isPastCalendarDate(v), { error: AUTH_MESSAGES.dateOfBirthInvalid });

/** YYYY-MM-DD naming a day that exists; the parsed day (UTC midnight) or null. */
export function parseCalendarDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const isRealDay = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isRealDay ? date : null;
}

/** A date of birth a person can have: a real day, not in the future, and at most 120 years before `today`. */
export function isPastCalendarDate(value: string, today: Date = new Date()): boolean {
  const date = parseCalendarDate(value);
  if (!date) return false;
  const oldest = Date.UTC(
    today.getUTCFullYear() - DATE_OF_BIRTH_MAX_AGE_YEARS,
    today.getUTCMonth(),
    today.getUTCDate(),
  );
  return date.getTime() >= oldest && date.getTime() <= today.getTime();
}

export const signUpSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  password: z
    .string()
    .min(SIGN_UP_PASSWORD_MIN, { error: PASSWORD_RULES[0]!.message, abort: true })
    .max(PASSWORD_MAX, { error: TEXT_LIMIT_MESSAGES.passwordTooLong, abort: true })
    .refine((p) => passwordStrengthError(p) === null, { error: AUTH_MESSAGES.passwordNotStrong }),
  dateOfBirth: dateOfBirthSchema,
  taxResponsibility: z.literal(true, { error: AUTH_MESSAGES.taxResponsibilityRequired }),
});
export type SignUp = z.infer<typeof signUpSchema>;

/** The message the sign-up screen shows for a server error, per spec 1 section 8. */
export function signUpErrorMessage(serverMessage: string | undefined, code?: string) {
  const alreadyRegistered =
    code?.startsWith('USER_ALREADY_EXISTS') || /already (registered|exists)/i.test(serverMessage ?? '');
  if (alreadyRegistered) {
    return {
      message: AUTH_MESSAGES.emailAlreadyRegistered,
      toast: AUTH_MESSAGES.emailAlreadyRegisteredToast,
    };
  }
  return { message: serverMessage || AUTH_MESSAGES.signUpFailed, toast: AUTH_MESSAGES.signUpFailedToast };
}

/**
 * What the sign-in screen shows for a refused sign-in, per spec 1 section 8: the server's message (or the default) in
 * the Authentication Error alert, and the toast Failed to sign in. A 429 names the real wait (a locked account waits
 * up to 15 minutes), so its own message wins over the default.
 */
export function signInErrorMessage(serverMessage: string | undefined, status?: number) {
  const fallback = status === 429 ? AUTH_MESSAGES.tooManyAttempts : AUTH_MESSAGES.signInFailed;
  return { message: serverMessage || fallback, toast: AUTH_MESSAGES.signInFailedToast };
}

/** One toast per form's failure: a second refusal replaces the first instead of stacking the same words twice. */
export const AUTH_FAILURE_TOAST_ID = 'auth-failure';

/**
 * The texts of the settings page's two-factor dialog (spec 1 section 2 names its button only). They live here, not in
 * account-settings.ts, because that file imports this one and the two-factor schemas below need them.
 */
export const TWO_FACTOR_MESSAGES = {
  passwordRequired: 'Enter your password to confirm',
  invalidCode: 'Invalid code. Please try again.',
} as const;

/** An authenticator app's code (RFC 6238 as better-auth's twoFactor plugin configures it): six digits. */
export const TOTP_CODE_LENGTH = 6;

/** Turning two-factor authentication on or off: the account's password proves it is the owner asking. */
export const twoFactorPasswordSchema = z.object({
  password: z
    .string()
    .min(1, { error: TWO_FACTOR_MESSAGES.passwordRequired })
    .max(PASSWORD_MAX, { error: TEXT_LIMIT_MESSAGES.passwordTooLong }),
});
export type TwoFactorPassword = z.infer<typeof twoFactorPasswordSchema>;

/**
 * The first code from the app, which turns two-factor on. Spaces around it are dropped (a copied code often has
 * them); anything but six digits would be refused by the server with the same words, so it is refused before asking.
 */
export const twoFactorCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`), { error: TWO_FACTOR_MESSAGES.invalidCode }),
});
export type TwoFactorCode = z.infer<typeof twoFactorCodeSchema>;
