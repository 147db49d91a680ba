import { z } from 'zod';
import {
  AUTH_MESSAGES,
  EMAIL_MAX,
  PASSWORD_MAX,
  passwordStrengthError,
  SIGN_UP_PASSWORD_MIN,
  PASSWORD_RULES,
  TEXT_LIMIT_MESSAGES,
  TWO_FACTOR_MESSAGES,
} from './auth';

export const SETTINGS_MESSAGES = {
  passwordChanged: 'Password changed successfully',
  passwordChangeFailed: 'Failed to change password',
  currentPasswordRequired: 'Current password is required',
  passwordsDiffer: 'Passwords do not match',
  twoFactorEnabled: 'Two-factor authentication enabled',
  otherDevicesSignedOut: 'Your other devices were signed out.',
  twoFactorDisabled: 'Two-factor authentication disabled',
  twoFactorFailed: 'Could not update two-factor authentication',
  invalidCode: TWO_FACTOR_MESSAGES.invalidCode,
  accountDeleted: 'Your account has been deleted',
  deleteFailed: 'Failed to delete account',
  confirmEmailMismatch: 'Type your email exactly as shown to confirm',
  confirmPasswordRequired: TWO_FACTOR_MESSAGES.passwordRequired,
  wrongPassword: 'Incorrect password. Your account was not deleted.',
  /** Delete Account never leaves the site without an admin. */
  lastAdmin: 'You are the last admin. Make someone else an admin first.',
  statusUpdated: 'Status updated',
} as const;

/** The new password follows the sign-up strength rules, checked in the same order. */
export const newPasswordSchema = z
  .string()
  .min(SIGN_UP_PASSWORD_MIN, { error: PASSWORD_RULES[0]!.message, abort: true })
  .max(PASSWORD_MAX, { error: TEXT_LIMIT_MESSAGES.passwordTooLong, abort: true })
  .refine((p) => passwordStrengthError(p) === null, { error: AUTH_MESSAGES.passwordNotStrong });

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, { error: SETTINGS_MESSAGES.currentPasswordRequired })
      .max(PASSWORD_MAX, { error: TEXT_LIMIT_MESSAGES.passwordTooLong }),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX, { error: TEXT_LIMIT_MESSAGES.passwordTooLong }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: SETTINGS_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** Deleting needs the typed email and the current password: a session left open on a shared computer is not enough. */
export const deleteAccountSchema = z.object({
  confirmEmail: z.string().max(EMAIL_MAX).trim(),
  password: z
    .string({ error: SETTINGS_MESSAGES.confirmPasswordRequired })
    .min(1, { error: SETTINGS_MESSAGES.confirmPasswordRequired })
    .max(PASSWORD_MAX, { error: TEXT_LIMIT_MESSAGES.passwordTooLong }),
});
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;

/** Deleting requires typing the account's email, case-insensitively. */
export function deleteConfirmationMatches(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}

/**
 * Sign-in and sign-up protection. Classes sign in together behind one school address, so the
 * per-address limits are generous (40 students sign up and sign in within 5 minutes with room to spare); guessing
 * one account's password is stopped per account, whatever addresses the guesses come from.
 */
export const AUTH_LIMITS = {
  /** Failed sign-ins per account (the typed email, existing or not) before its sign-ins are refused... */
  accountFailures: 5,
  /** ...until this long after the first of them. */
  accountWindowSeconds: 15 * 60,
  /**
   * A browser the account signed in from before (its device cookie) keeps signing in while the account is locked
   * for everyone else, with its own count of failures over the same window: a stolen device cookie is not a bypass.
   */
  deviceFailures: 5,
  /** How long a device cookie is honoured after the sign-in that set it. */
  deviceCookieSeconds: 365 * 24 * 60 * 60,
  signInsPerAddress: 200,
  signInWindowSeconds: 5 * 60,
  signUpsPerAddress: 120,
  signUpWindowSeconds: 10 * 60,
} as const;

/** Said the same way for an account that exists and one that does not, so it reveals nothing. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts. Please wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`} and try again.`;
}

export const TOO_MANY_SIGN_UPS =
  'Too many accounts were created from this network. Please wait a few minutes and try again.';
