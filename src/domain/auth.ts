import { z } from 'zod';
import { AUTH_MESSAGES } from './auth-messages';

export { AUTH_MESSAGES, EXAMPLE_EMAIL } from './auth-messages';

/** Limits of spec 1 section 9. */
export const SIGN_UP_PASSWORD_MIN = 8;
export const SIGN_IN_PASSWORD_MIN = 6;
export const FIRST_NAME_MIN = 2;

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

const emailSchema = z
  .string()
  .trim()
  .pipe(z.email({ error: AUTH_MESSAGES.invalidEmail }));

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(SIGN_IN_PASSWORD_MIN, { error: AUTH_MESSAGES.signInPasswordTooShort }),
});
export type SignIn = z.infer<typeof signInSchema>;

/** A calendar date as typed in a date input: YYYY-MM-DD, a real day, not in the future. */
export const dateOfBirthSchema = z
  .string({ error: AUTH_MESSAGES.dateOfBirthRequired })
  .trim()
  .min(1, { error: AUTH_MESSAGES.dateOfBirthRequired, abort: true })
  .refine(isPastCalendarDate, { error: AUTH_MESSAGES.dateOfBirthInvalid });

export function isPastCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const isRealDay = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isRealDay && year >= 1900 && date.getTime() <= Date.now();
}

export const signUpSchema = z.object({
  firstName: z.string().trim().min(FIRST_NAME_MIN, { error: AUTH_MESSAGES.firstNameTooShort }),
  lastName: z.string().trim().min(1, { error: AUTH_MESSAGES.lastNameRequired }),
  email: emailSchema,
  password: z
    .string()
    .min(SIGN_UP_PASSWORD_MIN, { error: PASSWORD_RULES[0]!.message, abort: true })
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
