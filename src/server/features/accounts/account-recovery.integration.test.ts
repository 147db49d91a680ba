import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_EMAILS, RECOVERY_LIMITS, RECOVERY_MESSAGES } from '../../../domain/account-recovery';
import { sessions, users, verifications } from '../../db/schema/auth';
import { channels } from '../../realtime/channels';
import {
  callTrpc,
  createTestApp,
  nextEvent,
  signIn,
  signUp,
  STRONG_PASSWORD,
  TEST_ORIGIN,
  uniqueEmail,
  userIdOf,
  type TestApp,
} from '../../testing/test-app';
import {
  changeEmail,
  mailTo,
  openVerificationLink,
  requestReset,
  resetPassword,
  sendVerificationLink,
  tokenMailedTo,
} from './recovery-test-helpers';

const NEW_PASSWORD = 'Fresh-start-2!';
const RESET = ACCOUNT_EMAILS.resetPassword('').subject;
const VERIFY = ACCOUNT_EMAILS.verifyEmail('').subject;
const CONFIRM_NEW = ACCOUNT_EMAILS.confirmNewEmail('').subject;
const CHANGED = ACCOUNT_EMAILS.passwordChanged().subject;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
afterEach(() => vi.useRealTimers());

const userRow = async (id: string) => (await app.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const sessionCount = async (userId: string) =>
  (await app.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe('asking for a reset link', () => {
  it('answers a known and an unknown address the same, and mails only the known one', async () => {
    const { body } = await signUp(app);
    const unknown = uniqueEmail('nobody');
    const known = await requestReset(app, body.email);
    const missing = await requestReset(app, unknown);
    expect(known.statusCode).toBe(200);
    expect(missing.statusCode).toBe(known.statusCode);
    expect(missing.body).toBe(known.body);
    expect(await mailTo(app, body.email, RESET)).toHaveLength(1);
    expect(await mailTo(app, unknown)).toHaveLength(0);
  });

  it('mails a link to the reset page that works for one hour, without an unsubscribe link', async () => {
    const { body, cookie } = await signUp(app);
    await requestReset(app, body.email);
    const [mail] = await mailTo(app, body.email, RESET);
    expect(mail!.content.action!.url).toMatch(/^\/reset-password\?token=[\w-]+$/);
    expect(mail!.content.unsubscribe).toBeUndefined();
    expect(mail!.userId).toBe(await userIdOf(app, cookie));
    const token = await tokenMailedTo(app, body.email, RESET);
    const [stored] = await app.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const lifetime = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 1000;
    expect(lifetime).toBeCloseTo(RECOVERY_LIMITS.resetLinkSeconds, -1);
  });

  it('sends an account at most its limit of emails an hour, answering every request the same', async () => {
    const { body } = await signUp(app);
    const answers = [];
    for (let i = 0; i < RECOVERY_LIMITS.resetMailsPerAccount + 2; i++)
      answers.push(await requestReset(app, body.email));
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    expect(await mailTo(app, body.email, RESET)).toHaveLength(RECOVERY_LIMITS.resetMailsPerAccount);
  });
});

describe('resetting the password', () => {
  it('sets the new password once, ends every session, and mails a notice', async () => {
    const { body, cookie } = await signUp(app);
    const other = await signIn(app, body.email, STRONG_PASSWORD);
    const userId = await userIdOf(app, cookie);
    expect(await sessionCount(userId)).toBe(2);
    await requestReset(app, body.email);
    const token = await tokenMailedTo(app, body.email, RESET);

    // Each open tab hears its own session end (subscribed before the reset).
    const sessionIds = await Promise.all(
      [cookie, other.cookie].map(
        async (c) => (await app.auth.api.getSession({ headers: new Headers({ cookie: c }) }))!.session.id,
      ),
    );
    const heard = sessionIds.map((id) => nextEvent(app, channels.session(id)));
    const reset = await resetPassword(app, token, NEW_PASSWORD);
    expect(reset.statusCode).toBe(200);
    await expect(Promise.all(heard)).resolves.toEqual([{ type: 'signed-out' }, { type: 'signed-out' }]);

    expect(await sessionCount(userId)).toBe(0);
    expect((await callTrpc(app, 'accounts.me', { cookie })).data).toBeNull();
    expect((await signIn(app, body.email, STRONG_PASSWORD)).response.statusCode).toBe(401);
    expect((await signIn(app, body.email, NEW_PASSWORD)).response.statusCode).toBe(200);
    expect(await mailTo(app, body.email, CHANGED)).toHaveLength(1);

    const again = await resetPassword(app, token, 'Another-one-3!');
    expect(again.statusCode).toBe(400);
    expect((await signIn(app, body.email, NEW_PASSWORD)).response.statusCode).toBe(200);
  });

  it('refuses a link older than an hour', async () => {
    const { body } = await signUp(app);
    await requestReset(app, body.email);
    const token = await tokenMailedTo(app, body.email, RESET);
    await app.database.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const reset = await resetPassword(app, token, NEW_PASSWORD);
    expect(reset.statusCode).toBe(400);
    expect((await signIn(app, body.email, STRONG_PASSWORD)).response.statusCode).toBe(200);
  });

  it('holds the new password to the sign-up strength rules', async () => {
    const { body } = await signUp(app);
    await requestReset(app, body.email);
    const token = await tokenMailedTo(app, body.email, RESET);
    const weak = await resetPassword(app, token, 'alllowercase1!');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Password must include uppercase, lowercase, number, and special character.');
    // The refused try did not spend the link.
    expect((await resetPassword(app, token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('mails the same notice after a password change from Settings', async () => {
    const { body, cookie } = await signUp(app);
    const changed = await app.server.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
      payload: { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD, revokeOtherSessions: true },
    });
    expect(changed.statusCode).toBe(200);
    expect(await mailTo(app, body.email, CHANGED)).toHaveLength(1);
  });
});

describe('verifying the email address', () => {
  it('mails a link at sign-up that verifies the address, signed in or not', async () => {
    const { body, cookie } = await signUp(app);
    const userId = await userIdOf(app, cookie);
    expect((await userRow(userId)).emailVerified).toBe(false);
    const token = await tokenMailedTo(app, body.email, VERIFY);
    const opened = await openVerificationLink(app, token);
    expect(opened.statusCode).toBe(200);
    expect((await userRow(userId)).emailVerified).toBe(true);
  });

  it('lets an unverified member sign in and use the site as before', async () => {
    const { body, cookie } = await signUp(app);
    expect((await userRow(await userIdOf(app, cookie))).emailVerified).toBe(false);
    expect((await signIn(app, body.email, STRONG_PASSWORD)).response.statusCode).toBe(200);
    expect((await callTrpc(app, 'accounts.me', { cookie })).data?.email).toBe(body.email);
  });

  it('refuses a link after 48 hours', async () => {
    const { body, cookie } = await signUp(app);
    const token = await tokenMailedTo(app, body.email, VERIFY);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + RECOVERY_LIMITS.verificationLinkSeconds * 1000 + 60_000);
    const opened = await openVerificationLink(app, token);
    vi.useRealTimers();
    expect(opened.statusCode).toBe(401);
    expect(opened.json().code).toBe('TOKEN_EXPIRED');
    expect((await userRow(await userIdOf(app, cookie))).emailVerified).toBe(false);
  });

  it('sends a new link to a signed-in member only, a few an hour', async () => {
    const { body, cookie } = await signUp(app);
    expect((await sendVerificationLink(app, undefined, body.email)).statusCode).toBe(401);
    for (let i = 0; i < RECOVERY_LIMITS.verificationMailsPerAccount; i++) {
      expect((await sendVerificationLink(app, cookie, body.email)).statusCode).toBe(200);
    }
    const limited = await sendVerificationLink(app, cookie, body.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^You asked for several links in a short time/);
    // The sign-up's link, then the ones asked for.
    expect(await mailTo(app, body.email, VERIFY)).toHaveLength(1 + RECOVERY_LIMITS.verificationMailsPerAccount);
  });
});

describe('changing the email address', () => {
  it('changes it only once the new address opened its link, then tells the old one', async () => {
    const { body, cookie } = await signUp(app);
    const userId = await userIdOf(app, cookie);
    const newEmail = uniqueEmail('moved');
    const asked = await changeEmail(app, cookie, newEmail);
    expect(asked.statusCode).toBe(200);
    expect((await userRow(userId)).email).toBe(body.email);
    expect((await signIn(app, newEmail, STRONG_PASSWORD)).response.statusCode).toBe(401);

    const token = await tokenMailedTo(app, newEmail, CONFIRM_NEW);
    expect((await openVerificationLink(app, token, cookie)).statusCode).toBe(200);
    const after = await userRow(userId);
    expect(after.email).toBe(newEmail);
    expect(after.emailVerified).toBe(true);
    expect((await callTrpc(app, 'accounts.me', { cookie })).data?.email).toBe(newEmail);
    expect((await signIn(app, newEmail, STRONG_PASSWORD)).response.statusCode).toBe(200);
    const notices = await mailTo(app, body.email, ACCOUNT_EMAILS.emailChanged(newEmail).subject);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.content.paragraphs[0]).toContain(newEmail);

    // The link is spent: opening it again changes nothing and sends nothing.
    expect((await openVerificationLink(app, token)).statusCode).not.toBe(200);
    expect(await mailTo(app, body.email, ACCOUNT_EMAILS.emailChanged(newEmail).subject)).toHaveLength(1);
  });

  it('answers the same for an address another member has, and changes nothing', async () => {
    const taken = await signUp(app);
    const { body, cookie } = await signUp(app);
    const asked = await changeEmail(app, cookie, taken.body.email);
    expect(asked.statusCode).toBe(200);
    expect(await mailTo(app, taken.body.email, CONFIRM_NEW)).toHaveLength(0);
    expect((await userRow(await userIdOf(app, cookie))).email).toBe(body.email);
  });

  it('refuses the same address, and more than a few changes an hour', async () => {
    const { body, cookie } = await signUp(app);
    const same = await changeEmail(app, cookie, body.email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(RECOVERY_MESSAGES.sameEmail);
    for (let i = 0; i < RECOVERY_LIMITS.emailChangesPerAccount; i++) {
      expect((await changeEmail(app, cookie, uniqueEmail('next'))).statusCode).toBe(200);
    }
    expect((await changeEmail(app, cookie, uniqueEmail('next'))).statusCode).toBe(429);
  });
});
