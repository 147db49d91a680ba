import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/domain/auth';
import { PROFILE_MESSAGES } from '../../src/domain/profile';
import { auditEvents } from '../../src/server/db/schema/audit';
import { profiles } from '../../src/server/db/schema/profiles';
import { testUser, trpcAs, type TestUser } from '../../src/server/testing/marketplace';
import { createTestApp, signUp, type TestApp } from '../../src/server/testing/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const yearsAgo = (years: number, extraDays = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - extraDays);
  return isoDay(d);
};
const MINOR_DOB = yearsAgo(14);
const ADULT_DOB = yearsAgo(25);

const profileForm = (dateOfBirth: string) => ({
  firstName: 'Sam',
  lastName: 'Young',
  bio: '',
  school: '',
  dateOfBirth,
});

async function storedDob(user: TestUser) {
  const [row] = await app.database.db
    .select({ dob: profiles.dateOfBirth })
    .from(profiles)
    .where(eq(profiles.id, user.id));
  return row!.dob;
}

async function refusals(user: TestUser) {
  return app.database.db.select().from(auditEvents).where(eq(auditEvents.subjectId, user.id));
}

describe('sign-up refuses impossible dates of birth', () => {
  it('a date of birth in the future is refused', async () => {
    const tomorrow = isoDay(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
    const { response } = await signUp(app, { dateOfBirth: tomorrow });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(AUTH_MESSAGES.dateOfBirthInvalid);
  });

  it('a date of birth more than 120 years ago is refused', async () => {
    const { response } = await signUp(app, { dateOfBirth: yearsAgo(120, 2) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(AUTH_MESSAGES.dateOfBirthInvalid);
    expect((await signUp(app, { dateOfBirth: yearsAgo(119) })).response.statusCode).toBe(200);
  });
});

describe('a minor cannot become an adult by editing the date of birth', () => {
  it('once the setup page showed the guardian screen, an adult date is refused and onboarding alone stays refused', async () => {
    const minor = await testUser(app, { dateOfBirth: MINOR_DOB });
    const { call, ok } = trpcAs(app);
    // The setup page's first call: the server, not the browser, says this is the minor flow.
    expect(await ok(minor, 'payouts.beginSetup')).toEqual({ flow: 'minor' });

    const edited = await call(minor, 'profiles.update', profileForm(ADULT_DOB));
    expect(edited.status).toBe(403);
    expect(edited.error?.message).toBe(PROFILE_MESSAGES.dateOfBirthLocked);
    expect(await storedDob(minor)).toBe(MINOR_DOB);

    const start = await call(minor, 'payouts.createAccount', {});
    expect(start.error?.message).toBe('A parent or guardian must set up payouts for users under 18.');
    const [row] = await app.database.db
      .select({ account: profiles.stripeAccountId })
      .from(profiles)
      .where(eq(profiles.id, minor.id));
    expect(row!.account).toBeNull();
    expect((await refusals(minor)).map((r) => r.action)).toEqual(['date-of-birth.change-refused']);
  });

  it('without a date of birth nothing is decided or locked, so one can still be added', async () => {
    const user = await testUser(app);
    // Accounts from before sign-up asked for it have none.
    await app.database.db.update(profiles).set({ dateOfBirth: null }).where(eq(profiles.id, user.id));
    const { ok } = trpcAs(app);
    expect(await ok(user, 'payouts.beginSetup')).toEqual({ flow: 'unknown' });
    await ok(user, 'payouts.saveDateOfBirth', { dateOfBirth: ADULT_DOB });
    expect(await ok(user, 'payouts.beginSetup')).toEqual({ flow: 'adult' });
  });

  it('after the guardian screen decided the minor flow, the profile form cannot make them 18+', async () => {
    const minor = await testUser(app, { dateOfBirth: MINOR_DOB });
    const { call } = trpcAs(app);
    const start = await call(minor, 'payouts.createAccount', {});
    expect(start.error?.message).toBe('A parent or guardian must set up payouts for users under 18.');

    const result = await call(minor, 'profiles.update', profileForm(ADULT_DOB));
    expect(result.status).toBe(403);
    expect(result.error?.message).toBe(PROFILE_MESSAGES.dateOfBirthLocked);
    expect(await storedDob(minor)).toBe(MINOR_DOB);
    const recorded = await refusals(minor);
    expect(recorded.map((r) => r.action)).toEqual(['date-of-birth.change-refused']);
    expect(recorded[0]!.details).toMatchObject({ from: MINOR_DOB, to: ADULT_DOB });
  });

  it('nor can the payouts page save an adult date, nor can it be cleared and set again', async () => {
    const minor = await testUser(app, { dateOfBirth: MINOR_DOB });
    const { call } = trpcAs(app);
    await call(minor, 'payouts.createAccount', {});
    const viaPayouts = await call(minor, 'payouts.saveDateOfBirth', { dateOfBirth: ADULT_DOB });
    expect(viaPayouts.status).toBe(403);
    expect(viaPayouts.error?.message).toBe(PROFILE_MESSAGES.dateOfBirthLocked);
    const cleared = await call(minor, 'profiles.update', profileForm(''));
    expect(cleared.status).toBe(403);
    expect(await storedDob(minor)).toBe(MINOR_DOB);
    // Then onboarding alone is still refused.
    const start = await call(minor, 'payouts.createAccount', {});
    expect(start.error?.message).toBe('A parent or guardian must set up payouts for users under 18.');
    expect(await refusals(minor)).toHaveLength(2);
  });

  it('an adult with a payout account cannot move under 18 either', async () => {
    const adult = await testUser(app, { dateOfBirth: ADULT_DOB });
    const { call, ok } = trpcAs(app);
    await ok(adult, 'payouts.createAccount', {});
    const result = await call(adult, 'profiles.update', profileForm(MINOR_DOB));
    expect(result.status).toBe(403);
    expect(await storedDob(adult)).toBe(ADULT_DOB);
  });

  it('a typo that keeps the same side of 18 can still be corrected, and anything can before payouts', async () => {
    const minor = await testUser(app, { dateOfBirth: MINOR_DOB });
    const { call, ok } = trpcAs(app);
    await call(minor, 'payouts.createAccount', {});
    const sameSide = yearsAgo(13);
    await ok(minor, 'profiles.update', profileForm(sameSide));
    expect(await storedDob(minor)).toBe(sameSide);

    const fresh = await testUser(app, { dateOfBirth: MINOR_DOB });
    await ok(fresh, 'profiles.update', profileForm(ADULT_DOB));
    expect(await storedDob(fresh)).toBe(ADULT_DOB);
    expect(await refusals(fresh)).toHaveLength(0);
  });
});
