import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema/profiles';
import { testUser, trpcAs, type Caller, type TestUser } from '../../testing/marketplace';
import { ADMIN_TEST_PASSWORD, createTestApp, signInAdmin, type TestApp, type TrpcResult } from '../../testing/test-app';
import { SUITE_CHECKS } from './suite-types';

let app: TestApp;
let t: ReturnType<typeof trpcAs>;
let admin: TestUser;
let member: TestUser;
const ADMIN_EMAIL = 'suite-admin@example.com';

beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD: ADMIN_TEST_PASSWORD });
  // The webhook check posts to this server over real HTTP.
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  t = trpcAs(app);
  admin = await signInAdmin(app);
  member = await testUser(app);
});
afterAll(() => app.close());

describe('the payment test suite', () => {
  it('refuses every call to non-admins and visitors', async () => {
    const card = { paymentIntentId: 'pi_x', number: '4242424242424242', expiry: '12/34', cvc: '1' };
    const calls: Record<string, (who: Caller) => Promise<TrpcResult>> = {
      'paymentTests.createIntent': (who) => t.call(who, 'paymentTests.createIntent'),
      'paymentTests.createTestAccount': (who) => t.call(who, 'paymentTests.createTestAccount'),
      'paymentTests.runCheck': (who) => t.call(who, 'paymentTests.runCheck', { check: 'config' }),
      'paymentTests.routing': (who) => t.call(who, 'paymentTests.routing', { amount: 10 }),
      'paymentTests.databaseState': (who) => t.call(who, 'paymentTests.databaseState'),
      'paymentTests.payWithTestCard': (who) => t.call(who, 'paymentTests.payWithTestCard', card),
    };
    for (const [path, attempt] of Object.entries(calls)) {
      const refused = await attempt(member);
      expect(refused.status, path).toBe(403);
      expect(refused.error?.message).toBe('Admin access required to view this page');
      expect((await attempt(null)).status, path).toBe(401);
    }
  });

  it('every automated check passes in test mode, the webhook one over real HTTP', async () => {
    for (const check of SUITE_CHECKS) {
      const result = await t.ok(admin, 'paymentTests.runCheck', { check });
      expect(result.status, `${check}: ${result.message}`).toBe('passed');
    }
    const state = await t.ok(admin, 'paymentTests.databaseState');
    expect(state.events.map((e) => e.type)).toContain('payment_intent.succeeded');
    expect(state.transactions.length).toBeGreaterThan(0);
  });

  it('routing puts the admin’s own payout account back afterwards', async () => {
    await app.database.db
      .update(profiles)
      .set({ stripeAccountId: 'acct_original', chargesEnabled: true, payoutsEnabled: false })
      .where(eq(profiles.id, admin.id));
    const result = await t.ok(admin, 'paymentTests.routing', { amount: 25 });
    expect(result).toMatchObject({ status: 'passed', details: { providerAmountCents: 2250 } });
    const [profile] = await app.database.db.select().from(profiles).where(eq(profiles.id, admin.id));
    expect(profile).toMatchObject({ stripeAccountId: 'acct_original', chargesEnabled: true, payoutsEnabled: false });
  });

  it('the test page pays its own 500-cent intent with a test card, never a conversation’s', async () => {
    const { paymentIntentId } = await t.ok(admin, 'paymentTests.createIntent');
    const card = { paymentIntentId, number: '4000000000000002', expiry: '12/34', cvc: '123' };
    expect(await t.ok(admin, 'paymentTests.payWithTestCard', card)).toEqual({
      status: 'failed',
      message: 'Your card was declined.',
    });
    expect(await t.ok(admin, 'paymentTests.payWithTestCard', { ...card, number: '4242424242424242' })).toEqual({
      status: 'succeeded',
    });
    const missing = await t.call(admin, 'paymentTests.payWithTestCard', { ...card, paymentIntentId: 'pi_unknown' });
    expect(missing.status).toBe(404);
  });
});
