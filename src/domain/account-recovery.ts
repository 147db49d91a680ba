import { z } from 'zod';
import { newPasswordSchema, SETTINGS_MESSAGES } from './account-settings';
import { emailSchema, PASSWORD_MAX, TEXT_LIMIT_MESSAGES } from './auth';

/**
 * Account recovery and email verification: link lifetimes, limits, the texts of the pages and of the emails.
 * Every link is a path on the site; the mail sender puts the site's address in front.
 */
export const RECOVERY_LIMITS = {
  /** A reset link works this long, and once. */
  resetLinkSeconds: 60 * 60,
  /** A verification link (sign-up, a new one from Settings, a new address) works this long. */
  verificationLinkSeconds: 48 * 60 * 60,
  /** Reset emails one account receives per window; past that a request is answered the same and sends nothing. */
  resetMailsPerAccount: 3,
  /** Reset requests per client address per window, whatever address they name: then refused outright. */
  resetRequestsPerAddress: 60,
  /** Verification links a signed-in member may ask for per window. */
  verificationMailsPerAccount: 3,
  /** Address changes a signed-in member may ask for per window (each sends a link to the address typed). */
  emailChangesPerAccount: 3,
  windowSeconds: 60 * 60,
  /**
   * A reset request is answered no sooner than this after it arrived, whether the address has an account, the
   * account is over its limit or not: how long the answer took tells nothing either.
   */
  resetAnswerMinMs: 300,
} as const;

/** Reset tokens are 24 characters; anything much longer is refused before a database look-up. */
export const RESET_TOKEN_MAX = 64;

export const RECOVERY_MESSAGES = {
  forgotPasswordLink: 'Forgot password?',
  resetRequested: 'If an account exists for that email, we sent a link to reset your password.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Ask for a new one below.',
  passwordReset: 'Your password was changed. Sign in with your new password.',
  resetFailed: 'Could not reset your password. Please try again.',
  emailVerified: 'Your email address is verified. Thank you!',
  confirmEmail: 'Confirm my email address',
  emailChanged: 'Your new email address is confirmed. We will write to it from now on.',
  verificationExpired: 'This link has expired. Ask for a new one from Settings.',
  verificationInvalid: 'This link is invalid or was already used. Ask for a new one from Settings.',
  verificationSent: (email: string) => `We sent a new link to ${email}. It works for 48 hours.`,
  verificationFailed: 'Could not send the link. Please try again.',
  emailChangeSent: (email: string) =>
    `We sent a link to ${email}. Your address changes once you open it (within 48 hours).`,
  emailChangePending: (email: string) => `Waiting for you to open the link we sent to ${email}.`,
  emailChangeFailed: 'Could not change your email. Please try again.',
  sameEmail: 'This is already your email address.',
  wrongPassword: 'Incorrect password. Your email was not changed.',
} as const;

/** A refusal of the per-address hard cap on reset requests: the same whatever address was typed. */
export function tooManyResetRequestsMessage(retryAfterSeconds: number): string {
  return `Too many reset requests from this network. Please wait ${minutes(retryAfterSeconds)} and try again.`;
}

/** A signed-in member asking for too many links about their own account. */
export function tooManyLinksMessage(retryAfterSeconds: number): string {
  return `You asked for several links in a short time. Please wait ${minutes(retryAfterSeconds)} and try again.`;
}

function minutes(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return m === 1 ? 'a minute' : `${m} minutes`;
}

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    newPassword: newPasswordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX, { error: TEXT_LIMIT_MESSAGES.passwordTooLong }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: SETTINGS_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

/** The current password too: a session left open on a shared computer must not be enough to move the account. */
export const changeEmailSchema = z.object({
  newEmail: emailSchema,
  currentPassword: z
    .string()
    .min(1, { error: 'Enter your current password' })
    .max(PASSWORD_MAX, { error: TEXT_LIMIT_MESSAGES.passwordTooLong }),
});
export type ChangeEmail = z.infer<typeof changeEmailSchema>;

/** What an account email says; the server turns it into a queued message. */
export interface AccountEmail {
  subject: string;
  preview: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
}

const linkPath = (page: string, token: string) => `${page}?token=${encodeURIComponent(token)}`;

export const ACCOUNT_EMAILS = {
  verifyEmail: (token: string): AccountEmail => ({
    subject: 'Confirm your email address',
    preview: 'One click and your SkillNest address is confirmed.',
    heading: 'Confirm your email address',
    paragraphs: [
      'Welcome to SkillNest! Please confirm that this is your email address, so we can reach you about your account.',
      'The link works for 48 hours. If you did not create a SkillNest account, you can ignore this email.',
    ],
    action: { label: 'Confirm my email', url: linkPath('/verify-email', token) },
  }),
  confirmNewEmail: (token: string): AccountEmail => ({
    subject: 'Confirm your new email address',
    preview: 'Open the link to use this address for your SkillNest account.',
    heading: 'Confirm your new email address',
    paragraphs: [
      'You asked to use this address for your SkillNest account. Your account keeps its current address until you open the link below.',
      'The link works for 48 hours. If you did not ask for this, you can ignore this email.',
    ],
    action: { label: 'Use this address', url: linkPath('/verify-email', token) },
  }),
  emailChanged: (newEmail: string): AccountEmail => ({
    subject: 'Your SkillNest email address was changed',
    preview: 'Your account now uses another email address.',
    heading: 'Your email address was changed',
    paragraphs: [
      `The email address of your SkillNest account was changed to ${newEmail}. We will send account emails there from now on.`,
      'If you did not make this change, someone else may be using your account: tell us right away through the Feedback page.',
    ],
    action: { label: 'Contact us', url: '/feedback' },
  }),
  resetPassword: (token: string): AccountEmail => ({
    subject: 'Reset your SkillNest password',
    preview: 'Choose a new password for your SkillNest account.',
    heading: 'Reset your password',
    paragraphs: [
      'Someone, hopefully you, asked to reset the password of your SkillNest account.',
      'The link works for one hour, and only once. If you did not ask for it, ignore this email: your password stays the same.',
    ],
    action: { label: 'Choose a new password', url: linkPath('/reset-password', token) },
  }),
  passwordChanged: (): AccountEmail => ({
    subject: 'Your password was changed',
    preview: 'The password of your SkillNest account was just changed.',
    heading: 'Your password was changed',
    paragraphs: [
      'The password of your SkillNest account was just changed, and your other devices were signed out.',
      'If this was you, there is nothing to do. If it was not, reset your password now.',
    ],
    action: { label: 'Reset my password', url: '/forgot-password' },
  }),
} as const;
