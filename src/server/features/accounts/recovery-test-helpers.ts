import { and, desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/mail';
import { nextClientIp, STRONG_PASSWORD, TEST_ORIGIN, type TestApp } from '../../testing/test-app';

/** Test helpers of account recovery: the requests a browser sends, and the links the queued emails hold. */

const json = { origin: TEST_ORIGIN, 'content-type': 'application/json' };

export function requestReset(app: TestApp, email: string, remoteAddress = nextClientIp()) {
  return app.server.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: json,
    payload: { email },
    remoteAddress,
  });
}

export function resetPassword(app: TestApp, token: string, newPassword: string) {
  return app.server.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: json,
    payload: { token, newPassword },
    remoteAddress: nextClientIp(),
  });
}

/** What the verify page does with the link's token: GET, with the browser's cookie when signed in. */
export function openVerificationLink(app: TestApp, token: string, cookie?: string) {
  return app.server.inject({
    method: 'GET',
    url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}

export function changeEmail(app: TestApp, cookie: string, newEmail: string, currentPassword = STRONG_PASSWORD) {
  return app.server.inject({
    method: 'POST',
    url: '/api/auth/change-email',
    headers: { ...json, cookie },
    payload: { newEmail, currentPassword },
  });
}

export function sendVerificationLink(app: TestApp, cookie: string | undefined, email: string) {
  return app.server.inject({
    method: 'POST',
    url: '/api/auth/send-verification-email',
    headers: { ...json, ...(cookie ? { cookie } : {}) },
    payload: { email },
  });
}

/** The queued emails to an address, newest first, optionally only those with a subject. */
export async function mailTo(app: TestApp, to: string, subject?: string) {
  return app.database.db
    .select()
    .from(mailOutbox)
    .where(subject ? and(eq(mailOutbox.toAddress, to), eq(mailOutbox.subject, subject)) : eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.createdAt));
}

/** The token of the newest email's link to a page (`/reset-password?token=...`). */
export async function tokenMailedTo(app: TestApp, to: string, subject: string): Promise<string> {
  const [mail] = await mailTo(app, to, subject);
  const url = mail?.content.action?.url;
  if (!url) throw new Error(`no "${subject}" email to ${to}`);
  return new URL(url, TEST_ORIGIN).searchParams.get('token')!;
}
