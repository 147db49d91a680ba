import { z } from 'zod';
import { AUTH_MESSAGES, passwordStrengthError, SIGN_UP_PASSWORD_MIN, PASSWORD_RULES } from './auth';

export const SETTINGS_MESSAGES = {
  passwordChanged: 'Password changed successfully',
  passwordChangeFailed: 'Failed to change password',
  currentPasswordRequired: 'Current password is required',
  passwordsDiffer: 'Passwords do not match',
  twoFactorEnabled: 'Two-factor authentication enabled',
  twoFactorDisabled: 'Two-factor authentication disabled',
  twoFactorFailed: 'Could not update two-factor authentication',
  invalidCode: 'Invalid code. Please try again.',
  accountDeleted: 'Your account has been deleted',
  deleteFailed: 'Failed to delete account',
  confirmEmailMismatch: 'Type your email exactly as shown to confirm',
  statusUpdated: 'Status updated',
} as const;

/** The new password follows the sign-up strength rules, checked in the same order. */
export const newPasswordSchema = z
  .string()
  .min(SIGN_UP_PASSWORD_MIN, { error: PASSWORD_RULES[0]!.message, abort: true })
  .refine((p) => passwordStrengthError(p) === null, { error: AUTH_MESSAGES.passwordNotStrong });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, { error: SETTINGS_MESSAGES.currentPasswordRequired }),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: SETTINGS_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type ChangePassword = z.infer<typeof changePasswordSchema>;

export const deleteAccountSchema = z.object({ confirmEmail: z.string().trim() });

/** Deleting requires typing the account's email, case-insensitively. */
export function deleteConfirmationMatches(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}
