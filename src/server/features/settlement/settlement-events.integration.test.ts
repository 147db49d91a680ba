import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConnectedAccounts } from '../../db/schema/payments';
import type { AppEventType, PayloadOf } from '../../contracts/app-events';
import type { TestModeProvider } from '../../payments/test-mode-provider';
import { onboardProvider, paidConversation, testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import {
  ADMIN_TEST_PASSWORD,
  createTestApp,
  signInAdmin,
  unlimitedMutations,
  type TestApp,
} from '../../testing/test-app';
import { processPaymentEvent } from '../payments/process-payment-event';
import { runSettlementSweep } from './settlement-sweep';

let app: TestApp;
let t: ReturnType<typeof trpcAs>;
let provider: TestUser;
let client: TestUser;
let admin: TestUser;

beforeAll(async () => {
  // One client makes every test's changes, faster than a person: the mutation limit has its own battery file.
  app = await createTestApp(
    { ADMIN_EMAIL: 'settlement-events-admin@example.com', ADMIN_PASSWORD: ADMIN_TEST_PASSWORD },
    { mutationLimiter: unlimitedMutations },
  );
  t = trpcAs(app);
  provider = await testUser(app, { firstName: 'Pia' });
  client = await testUser(app, { firstName: 'Carl' });
  admin = await signInAdmin(app);
  await onboardProvider(app, provider);
});
afterAll(() => app.close());

const deps = () => ({ db: app.database.db, events: app.events, bus: app.bus, payments: app.payments });

/** The recorded events of one type about one conversation (or one user), oldest first. */
async function recorded<T extends AppEventType>(type: T, about: { conversationId?: string; userId?: string }) {
  const [key, value] = about.conversationId ? ['conversationId', about.conversationId] : ['userId', about.userId!];
  const result = await app.database.db.execute<{ payload: PayloadOf<T> }>(
    sql`select payload from domain_events where type = ${type} and payload ->> ${key} = ${value} order by id`,
  );
  return result.rows.map((row) => row.payload);
}

async function completed(price = 60, who = provider) {
  const id = await paidConversation(app, who, client, price);
  await t.ok(who, 'conversations.act', { id, action: 'start' });
  await t.ok(who, 'conversations.act', { id, action: 'complete' });
  return id;
}

describe('payment.succeeded', () => {
  it('is recorded once with the notice and the paid state; the same webhook again records nothing', async () => {
    const id = await paidConversation(app, provider, client, 45);
    const [event, ...more] = await recorded('payment.succeeded', { conversationId: id });
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      actorId: null,
      amountCents: 4500,
      participants: { clientId: client.id, providerId: provider.id },
      message: { conversationId: id, kind: 'payment_received' },
      state: { paymentCompleted: true, finalPriceCents: 4500, serviceStarted: false },
    });

    // Stripe delivers the same event twice: the second is a replay and changes and records nothing.
    const [payment] = (
      await app.database.db.execute<{ payment_intent_id: string }>(
        sql`select payment_intent_id from payment_transactions where conversation_id = ${id}`,
      )
    ).rows;
    const provider_ = app.payments as TestModeProvider;
    const signed = provider_.signEvent('payment_intent.succeeded', {
      id: payment!.payment_intent_id,
      amount: 4500,
      amount_received: 4500,
    });
    const webhookEvent = provider_.verifyWebhook(signed.payload, signed.signature);
    expect(await processPaymentEvent(deps(), null, webhookEvent)).toEqual({ applied: true });
    expect(await processPaymentEvent(deps(), null, webhookEvent)).toEqual({ applied: false });
    expect(await recorded('payment.succeeded', { conversationId: id })).toHaveLength(1);
  });
});

describe('settlement steps', () => {
  it('a cancel records service.cancelled with its notice and state, and the refund; a refused one records none', async () => {
    const id = await paidConversation(app, provider, client, 40);
    expect((await t.call(provider, 'settlement.cancel', { conversationId: id })).status).toBe(409);
    expect(await recorded('service.cancelled', { conversationId: id })).toEqual([]);
    expect(await recorded('refund.issued', { conversationId: id })).toEqual([]);

    await t.ok(client, 'settlement.cancel', { conversationId: id });
    const [cancelled, ...more] = await recorded('service.cancelled', { conversationId: id });
    expect(more).toEqual([]);
    expect(cancelled).toMatchObject({
      actorId: client.id,
      message: { kind: 'service_cancelled', payload: { refundedCents: 4000 } },
      state: { cancelled: true, paymentCompleted: true },
    });
    expect(await recorded('refund.issued', { conversationId: id })).toMatchObject([
      { actorId: client.id, amountCents: 4000, message: null, state: null },
    ]);
  });

  it('a release records dispute.resolved with its notice', async () => {
    const id = await completed(50);
    await t.ok(client, 'settlement.dispute', {
      conversationId: id,
      reason: 'Not as described',
      description: 'The logo was delivered in the wrong colours.',
    });
    await t.ok(admin, 'settlement.resolveDispute', { conversationId: id, resolution: 'release' });
    expect(await recorded('dispute.resolved', { conversationId: id })).toMatchObject([
      { actorId: admin.id, refundCents: null, message: { kind: 'dispute_resolved' } },
    ]);
  });

  it('a dispute records dispute.opened; a partial resolution records refund.issued with its notice', async () => {
    const id = await completed(100);
    await t.ok(client, 'settlement.dispute', {
      conversationId: id,
      reason: 'Not as described',
      description: 'Only half of the agreed work was delivered.',
    });
    const [opened] = await recorded('dispute.opened', { conversationId: id });
    expect(opened).toMatchObject({ actorId: client.id, message: { kind: 'dispute_opened' } });
    expect(opened!.disputeId).toMatch(/^[0-9a-f-]{36}$/);

    expect(
      (await t.call(client, 'settlement.resolveDispute', { conversationId: id, resolution: 'release' })).status,
    ).toBe(403);
    expect(await recorded('refund.issued', { conversationId: id })).toEqual([]);
    await t.ok(admin, 'settlement.resolveDispute', { conversationId: id, resolution: 'partial', refund: 30 });
    expect(await recorded('refund.issued', { conversationId: id })).toMatchObject([
      {
        actorId: admin.id,
        amountCents: 3000,
        message: { kind: 'dispute_resolved' },
        state: { paymentCompleted: true },
      },
    ]);
    // The rest went to the provider, with its own notice.
    expect(await recorded('transfer.sent', { conversationId: id })).toMatchObject([
      { actorId: null, amountCents: 6300, message: { kind: 'payout_sent' } },
    ]);
  });

  it('confirming records transfer.sent once, however often the payout is asked for', async () => {
    const id = await completed(80);
    await t.ok(client, 'settlement.confirm', { conversationId: id });
    expect(await recorded('completion.confirmed', { conversationId: id })).toMatchObject([
      {
        actorId: client.id,
        automatic: false,
        message: { kind: 'completion_confirmed' },
        state: { serviceCompleted: true },
      },
    ]);
    await runSettlementSweep(deps(), new Date(Date.now() + 20 * 60_000));
    const [sent, ...more] = await recorded('transfer.sent', { conversationId: id });
    expect(more).toEqual([]);
    expect(sent).toMatchObject({
      amountCents: 7200,
      participants: { clientId: client.id, providerId: provider.id },
      message: { kind: 'payout_sent', senderId: provider.id },
      state: { serviceCompleted: true },
    });
  });

  it('a transfer the provider refused records nothing; the sweep’s retry records transfer.sent', async () => {
    const flaky = await testUser(app, { firstName: 'Fern' });
    const accountId = await onboardProvider(app, flaky);
    const setPayouts = (payoutsEnabled: boolean) =>
      app.database.db
        .update(testConnectedAccounts)
        .set({ payoutsEnabled })
        .where(eq(testConnectedAccounts.id, accountId));
    await setPayouts(false);
    const id = await completed(20, flaky);
    await t.ok(client, 'settlement.confirm', { conversationId: id });
    expect(await recorded('transfer.sent', { conversationId: id })).toEqual([]);
    expect(await recorded('transfer.failed', { conversationId: id })).toMatchObject([
      { actorId: null, message: null, state: { serviceCompleted: true } },
    ]);
    await setPayouts(true);
    await runSettlementSweep(deps(), new Date(Date.now() + 16 * 60_000));
    expect(await recorded('transfer.sent', { conversationId: id })).toMatchObject([{ amountCents: 1800 }]);
  });
});

describe('payout changes after the commit reach the payment panels', () => {
  it('a payout held for a provider without a Ready account records transfer.held with the state', async () => {
    const unready = await testUser(app, { firstName: 'Hal' });
    const id = await completed(30, unready);
    await t.ok(client, 'settlement.confirm', { conversationId: id });
    expect(await recorded('transfer.held', { conversationId: id })).toMatchObject([
      { actorId: null, message: null, state: { serviceCompleted: true } },
    ]);
    expect(await recorded('transfer.sent', { conversationId: id })).toEqual([]);
  });

  it('an admin refund after the payout records transfer.reversed once the reversal is sent', async () => {
    const id = await completed(50);
    await t.ok(client, 'settlement.confirm', { conversationId: id });
    expect(await recorded('transfer.sent', { conversationId: id })).toHaveLength(1);
    expect(await recorded('transfer.reversed', { conversationId: id })).toEqual([]);
    await t.ok(admin, 'settlement.refund', { conversationId: id });
    expect(await recorded('transfer.reversed', { conversationId: id })).toMatchObject([
      { actorId: null, message: null, participants: { providerId: provider.id } },
    ]);
  });
});

describe('reviews', () => {
  it('records review.submitted once; a refused or repeated review records none', async () => {
    const id = await completed(30);
    const review = { conversationId: id, rating: 5, comment: 'Great help with algebra.' };
    expect((await t.call(provider, 'reviews.submit', review)).status).toBe(409);
    expect(await recorded('review.submitted', { conversationId: id })).toEqual([]);
    const { id: reviewId } = await t.ok(client, 'reviews.submit', review);
    expect((await t.call(client, 'reviews.submit', review)).status).toBe(409);
    expect(await recorded('review.submitted', { conversationId: id })).toEqual([
      {
        actorId: client.id,
        conversationId: id,
        participants: { clientId: client.id, providerId: provider.id },
        message: null,
        state: null,
        reviewId,
        revieweeId: provider.id,
        rating: 5,
      },
    ]);
  });
});

describe('payouts', () => {
  it('onboarding records profile.updated for the new account and payout-account.ready once when Ready', async () => {
    const newcomer = await testUser(app, { firstName: 'Nora' });
    await t.ok(newcomer, 'payouts.saveDateOfBirth', { dateOfBirth: '2000-01-01' });
    expect(await recorded('profile.updated', { userId: newcomer.id })).toHaveLength(1);
    await onboardProvider(app, newcomer);
    // The account created (1), then "Stripe" reporting it Ready (1).
    expect(await recorded('profile.updated', { userId: newcomer.id })).toHaveLength(3);
    expect(await recorded('payout-account.ready', { userId: newcomer.id })).toEqual([{ userId: newcomer.id }]);
    await t.ok(newcomer, 'payouts.status');
    expect(await recorded('payout-account.ready', { userId: newcomer.id })).toHaveLength(1);
  });

  it('a refused date of birth change records no profile.updated', async () => {
    const minor = await testUser(app, { firstName: 'Mo' });
    await t.ok(minor, 'payouts.saveDateOfBirth', { dateOfBirth: '2015-05-05' });
    await t.ok(minor, 'payouts.beginSetup');
    const before = await recorded('profile.updated', { userId: minor.id });
    expect((await t.call(minor, 'payouts.saveDateOfBirth', { dateOfBirth: '2000-01-01' })).status).toBe(403);
    expect(await recorded('profile.updated', { userId: minor.id })).toEqual(before);
  });
});
