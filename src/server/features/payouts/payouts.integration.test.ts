import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema/profiles';
import { stripeEvents, testConnectedAccounts } from '../../db/schema/payments';
import { AppError } from '../../errors';
import { onboardProvider, testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createPayoutAccount } from './start-onboarding';

let app: TestApp;
let t: ReturnType<typeof trpcAs>;
beforeAll(async () => {
  app = await createTestApp();
  t = trpcAs(app);
});
afterAll(() => app.close());

const status = (who: TestUser) => t.ok(who, 'payouts.status');
const setBirthday = (who: TestUser, dateOfBirth: string | null) =>
  app.database.db.update(profiles).set({ dateOfBirth }).where(eq(profiles.id, who.id));
const deps = (today: Date) => ({
  db: app.database.db,
  events: app.events,
  config: app.config,
  payments: app.payments,
  now: () => today,
});

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('who may onboard', () => {
  it('without a date of birth nobody may, whatever is sent, and the page is told DOB_REQUIRED', async () => {
    const user = await testUser(app);
    await setBirthday(user, null);
    const result = await t.call(user, 'payouts.createAccount', { guardian_email: 'mum@example.com' });
    expect(result.status).toBe(400);
    expect(result.error?.message).toBe('Please add your date of birth first.');
    expect(result.error?.data.reason).toBe('DOB_REQUIRED');
    expect((await status(user)).connected).toBe(false);
  });

  it('17 the day before the 18th birthday needs a guardian; 18 on the birthday onboards as an adult', async () => {
    const user = await testUser(app);
    await setBirthday(user, '2008-11-23');
    const dayBefore = await refusal(createPayoutAccount(deps(new Date(2026, 10, 22, 12)), user, {}));
    expect(dayBefore.code).toBe('MINOR_GUARDIAN_REQUIRED');
    const { url } = await createPayoutAccount(deps(new Date(2026, 10, 23, 12)), user, {});
    expect(url).toMatch(/^\/test-mode\/onboarding\/acct_test_/);
    const [profile] = await app.database.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile!.guardianEmail).toBeNull();
  });

  it('a minor onboards only with a valid parent or guardian email, and the account is in the guardian’s name', async () => {
    const minor = await testUser(app, { dateOfBirth: '2012-05-01' });
    const none = await t.call(minor, 'payouts.createAccount', {});
    expect(none.error?.data.reason).toBe('MINOR_GUARDIAN_REQUIRED');
    const bad = await t.call(minor, 'payouts.createAccount', { guardian_email: 'not-an-email' });
    expect(bad.error?.message).toBe('Please enter a valid parent/guardian email');
    expect((await status(minor)).connected).toBe(false);

    await t.ok(minor, 'payouts.createAccount', { guardian_email: ' Parent@Example.com ' });
    const { account_id } = await status(minor);
    const [account] = await app.database.db
      .select()
      .from(testConnectedAccounts)
      .where(eq(testConnectedAccounts.id, account_id!));
    expect(account).toMatchObject({ email: 'parent@example.com', guardianEmail: 'parent@example.com' });
  });
});

describe('onboarding to Ready', () => {
  it('Not connected, then Action required, then Ready after the onboarding form, reported by a signed webhook', async () => {
    const adult = await testUser(app);
    expect(await status(adult)).toMatchObject({ connected: false, charges_enabled: false, payouts_enabled: false });
    await t.ok(adult, 'payouts.createAccount', {});
    const pending = await status(adult);
    expect(pending).toMatchObject({ connected: true, charges_enabled: false, payouts_enabled: false });

    // A second start continues the same account.
    const again = await t.ok(adult, 'payouts.createAccount', {});
    expect(again.url).toContain(pending.account_id!);
    const link = await t.ok(adult, 'payouts.accountLink');
    expect(link.url).toContain(pending.account_id!);

    const accountId = await onboardProvider(app, adult);
    expect(accountId).toBe(pending.account_id);
    expect(await status(adult)).toMatchObject({ connected: true, charges_enabled: true, payouts_enabled: true });
    const events = await app.database.db.select().from(stripeEvents).where(eq(stripeEvents.objectId, accountId));
    expect(events.map((e) => e.type)).toContain('account.updated');
  });

  it('nobody else can open or submit someone’s onboarding; visitors are refused every call', async () => {
    const owner = await testUser(app);
    const other = await testUser(app);
    await t.ok(owner, 'payouts.createAccount', {});
    const accountId = (await status(owner)).account_id!;
    expect((await t.call(other, 'payouts.testOnboarding', { accountId })).status).toBe(403);
    const submit = await t.call(other, 'payouts.submitTestOnboarding', {
      accountId,
      legalName: 'Mallory',
      routingNumber: '110000000',
      accountNumber: '000123456789',
      acceptTerms: true,
    });
    expect(submit.status).toBe(403);
    expect((await status(owner)).charges_enabled).toBe(false);
    expect((await t.call(null, 'payouts.status')).status).toBe(401);
    expect((await t.call(null, 'payouts.createAccount', {})).status).toBe(401);
    expect((await t.call(null, 'payouts.accountLink')).status).toBe(401);
  });

  it('resuming without an account is refused with the spec’s text', async () => {
    const user = await testUser(app);
    const result = await t.call(user, 'payouts.accountLink');
    expect(result.error?.message).toBe('Could not resume onboarding');
  });
});
