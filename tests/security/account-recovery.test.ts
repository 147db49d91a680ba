import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_EMAILS, RECOVERY_LIMITS } from '../../src/domain/account-recovery';
import { users, verifications } from '../../src/server/db/schema/auth';
import {
  changeEmail,
  mailTo,
  openVerificationLink,
  requestReset,
  resetPassword,
  sendVerificationLink,
  tokenMailedTo,
} from '../../src/server/features/accounts/recovery-test-helpers';
import {
  createTestApp,
  nextClientIp,
  signIn,
  signUp,
  STRONG_PASSWORD,
  TEST_ORIGIN,
  uniqueEmail,
  userIdOf,
  type TestApp,
} from '../../src/server/testing/test-app';

/** An HS256 JWT as better-auth makes its verification links, signed with the given secret. */
function signedJwt(claims: object, secret: string): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256' })}.${part({ ...claims, iat: now, exp: now + 3600 })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

const RESET = ACCOUNT_EMAILS.resetPassword('').subject;
const CONFIRM_NEW = ACCOUNT_EMAILS.confirmNewEmail('').subject;
const NEW_PASSWORD = 'Taken-over-1!';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const emailOf = async (id: string) =>
  (await app.database.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;
const stillSignsIn = async (email: string) => (await signIn(app, email, STRONG_PASSWORD)).response.statusCode === 200;

async function mailedResetToken(email: string) {
  await requestReset(app, email);
  return tokenMailedTo(app, email, RESET);
}

describe('resetting a password without a valid link', () => {
  it('refuses a made-up token, and the password stays', async () => {
    const { body } = await signUp(app);
    await mailedResetToken(body.email);
    for (const token of ['', 'a'.repeat(24), 'reset-password:x', "' or 1=1 --"]) {
      expect((await resetPassword(app, token, NEW_PASSWORD)).statusCode).toBe(400);
    }
    expect(await stillSignsIn(body.email)).toBe(true);
  });

  it('refuses a used token and an expired one', async () => {
    const { body } = await signUp(app);
    const used = await mailedResetToken(body.email);
    expect((await resetPassword(app, used, 'First-reset-2!')).statusCode).toBe(200);
    expect((await resetPassword(app, used, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await signIn(app, body.email, 'First-reset-2!')).response.statusCode).toBe(200);

    const other = await signUp(app);
    const expired = await mailedResetToken(other.body.email);
    await app.database.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verifications.identifier, `reset-password:${expired}`));
    expect((await resetPassword(app, expired, NEW_PASSWORD)).statusCode).toBe(400);
    expect(await stillSignsIn(other.body.email)).toBe(true);
  });

  it('does not let the redirecting token check be probed', async () => {
    const { body } = await signUp(app);
    const token = await mailedResetToken(body.email);
    const probe = await app.server.inject({
      method: 'GET',
      url: `/api/auth/reset-password/${token}?callbackURL=/`,
      headers: { origin: TEST_ORIGIN },
    });
    expect(probe.statusCode).toBe(404);
  });
});

describe('oversized input', () => {
  it('refuses a huge token, password or address with a 400 and changes nothing', async () => {
    const { body, cookie } = await signUp(app);
    const token = await mailedResetToken(body.email);
    expect((await resetPassword(app, 'x'.repeat(200_000), NEW_PASSWORD)).statusCode).toBe(400);
    expect((await resetPassword(app, token, `Aa1!${'x'.repeat(200_000)}`)).statusCode).toBe(400);
    expect((await requestReset(app, `${'a'.repeat(300)}@example.com`)).statusCode).toBe(400);
    expect((await changeEmail(app, cookie, `${'b'.repeat(300)}@example.com`)).statusCode).toBe(400);
    expect((await openVerificationLink(app, 'y'.repeat(100_000))).statusCode).toBeGreaterThanOrEqual(400);
    expect(await stillSignsIn(body.email)).toBe(true);
    // The link still works after all that.
    expect((await resetPassword(app, token, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('asking for a reset link reveals nothing', () => {
  /** The answers and the time each took, for requests from distinct addresses. */
  async function timed(email: string, times: number) {
    const answers: string[] = [];
    const durations: number[] = [];
    for (let i = 0; i < times; i++) {
      const started = performance.now();
      const response = await requestReset(app, email);
      durations.push(performance.now() - started);
      answers.push(`${response.statusCode} ${response.body}`);
    }
    durations.sort((a, b) => a - b);
    return { answers, median: durations[Math.floor(times / 2)]!, fastest: durations[0]! };
  }

  it('answers a member, an unknown address and a member over the limit alike, in the same time', async () => {
    const { body } = await signUp(app);
    // Past the account's limit for the later rounds: nothing is sent, the answer must not show it.
    const member = await timed(body.email, RECOVERY_LIMITS.resetMailsPerAccount + 3);
    const stranger = await timed(uniqueEmail('ghost'), RECOVERY_LIMITS.resetMailsPerAccount + 3);
    expect(new Set([...member.answers, ...stranger.answers]).size).toBe(1);
    expect(await mailTo(app, body.email, RESET)).toHaveLength(RECOVERY_LIMITS.resetMailsPerAccount);
    // Every answer waits for the same floor; what is left is noise of a few milliseconds.
    expect(member.fastest).toBeGreaterThanOrEqual(RECOVERY_LIMITS.resetAnswerMinMs - 5);
    expect(stranger.fastest).toBeGreaterThanOrEqual(RECOVERY_LIMITS.resetAnswerMinMs - 5);
    expect(Math.abs(member.median - stranger.median)).toBeLessThan(100);
  });

  it('refuses a client address past its hard cap, whatever address it names', async () => {
    const ip = nextClientIp();
    const answers = await Promise.all(
      Array.from({ length: RECOVERY_LIMITS.resetRequestsPerAddress }, () =>
        requestReset(app, uniqueEmail('spray'), ip),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const { body } = await signUp(app);
    const refused = await requestReset(app, body.email, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many reset requests from this network/);
    expect(await mailTo(app, body.email, RESET)).toHaveLength(0);
    // Another address is not affected.
    expect((await requestReset(app, body.email)).statusCode).toBe(200);
  });
});

describe('changing someone else’s email address', () => {
  it('is impossible: the change applies to the caller only, signed out is refused', async () => {
    const victim = await signUp(app);
    const victimId = await userIdOf(app, victim.cookie);
    const attacker = await signUp(app);
    const target = uniqueEmail('attacker');

    const signedOut = await app.server.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { newEmail: target, userId: victimId },
    });
    expect(signedOut.statusCode).toBe(401);

    // A user id in the body is ignored: the attacker's own address would change, once confirmed.
    const sneaky = await app.server.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie: attacker.cookie },
      payload: { newEmail: target, userId: victimId, email: victim.body.email, currentPassword: STRONG_PASSWORD },
    });
    expect(sneaky.statusCode).toBe(200);
    // Without the account's password (a session left open on a shared computer), nothing is sent.
    const other = uniqueEmail('thief');
    const noPassword = await changeEmail(app, victim.cookie, other, 'Not-the-pass-1');
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toBe('Incorrect password. Your email was not changed.');
    expect(await mailTo(app, other)).toHaveLength(0);
    const token = await tokenMailedTo(app, target, CONFIRM_NEW);

    // The attacker's link opened in the victim's browser is refused for the victim.
    expect((await openVerificationLink(app, token, victim.cookie)).statusCode).not.toBe(200);
    expect(await emailOf(victimId)).toBe(victim.body.email);
  });

  it('refuses a link forged with another secret', async () => {
    const victim = await signUp(app);
    const victimId = await userIdOf(app, victim.cookie);
    const forged = signedJwt(
      {
        email: victim.body.email,
        updateTo: uniqueEmail('forged'),
        requestType: 'change-email-verification',
        userId: victimId,
      },
      'not-the-server-secret-but-long-enough',
    );
    expect((await openVerificationLink(app, forged)).statusCode).toBe(401);
    expect(await emailOf(victimId)).toBe(victim.body.email);
  });

  it('does not mail a verification link for an address signed out', async () => {
    const { body } = await signUp(app);
    const before = (await mailTo(app, body.email)).length;
    expect((await sendVerificationLink(app, undefined, body.email)).statusCode).toBe(401);
    expect(await mailTo(app, body.email)).toHaveLength(before);
  });

  it('sends a signed-in member’s link to their own address, whatever address the body names', async () => {
    const { body, cookie } = await signUp(app);
    const someoneElse = uniqueEmail('else');
    expect((await sendVerificationLink(app, cookie, someoneElse)).statusCode).toBe(200);
    expect(await mailTo(app, someoneElse)).toHaveLength(0);
    expect(await mailTo(app, body.email, ACCOUNT_EMAILS.verifyEmail('').subject)).toHaveLength(2);
  });
});
