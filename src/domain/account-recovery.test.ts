import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_EMAILS,
  changeEmailSchema,
  forgotPasswordSchema,
  RECOVERY_LIMITS,
  resetPasswordSchema,
  tooManyLinksMessage,
  tooManyResetRequestsMessage,
} from './account-recovery';

describe('account recovery rules', () => {
  it('a reset link lives one hour, a verification link 48 hours', () => {
    expect(RECOVERY_LIMITS.resetLinkSeconds).toBe(3600);
    expect(RECOVERY_LIMITS.verificationLinkSeconds).toBe(48 * 3600);
  });

  it('a new password follows the sign-up rules, in their order, and must be typed twice alike', () => {
    const issue = (newPassword: string, confirmPassword = newPassword) =>
      resetPasswordSchema.safeParse({ newPassword, confirmPassword }).error?.issues[0]?.message;
    expect(issue('Short1!')).toBe('Password must be at least 8 characters long');
    expect(issue('alllowercase1!')).toBe('Password must include uppercase, lowercase, number, and special character.');
    expect(issue('Good-pass-1', 'Good-pass-2')).toBe('Passwords do not match');
    expect(issue('Good-pass-1')).toBeUndefined();
  });

  it('an address is checked as at sign-up, with its maximum', () => {
    expect(forgotPasswordSchema.safeParse({ email: ' ada@example.com ' }).data?.email).toBe('ada@example.com');
    expect(forgotPasswordSchema.safeParse({ email: 'not-an-email' }).success).toBe(false);
    expect(changeEmailSchema.safeParse({ newEmail: `${'a'.repeat(250)}@example.com` }).success).toBe(false);
  });

  it('refusals say how long to wait, in minutes', () => {
    expect(tooManyResetRequestsMessage(30)).toBe(
      'Too many reset requests from this network. Please wait a minute and try again.',
    );
    expect(tooManyLinksMessage(1500)).toBe(
      'You asked for several links in a short time. Please wait 25 minutes and try again.',
    );
  });

  it('every account email links to a page of the site, its token encoded', () => {
    const token = 'a.b-c_d+e/f';
    const emails = [
      ACCOUNT_EMAILS.verifyEmail(token),
      ACCOUNT_EMAILS.confirmNewEmail(token),
      ACCOUNT_EMAILS.resetPassword(token),
      ACCOUNT_EMAILS.passwordChanged(),
      ACCOUNT_EMAILS.emailChanged('new@example.com'),
    ];
    for (const email of emails) expect(email.action?.url).toMatch(/^\/[a-z-]+(\?token=[\w.%-]+)?$/);
    expect(new URL(ACCOUNT_EMAILS.resetPassword(token).action!.url, 'http://x').searchParams.get('token')).toBe(token);
    expect(ACCOUNT_EMAILS.emailChanged('new@example.com').paragraphs[0]).toContain('new@example.com');
  });
});
