import { asc, eq, sql } from 'drizzle-orm';
import { auditEvents } from '../../db/schema/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../../db/schema/conversations';
import { paymentFailures, testConnectedAccounts } from '../../db/schema/payments';
import { disputes, refunds, transfers } from '../../db/schema/settlement';
import { PAYMENT_WEBHOOK_PATH } from '../../http/payment-webhook-route';
import type { TestModeProvider } from '../../payments/test-mode-provider';
import { onboardProvider, paidConversation, testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import {
  ADMIN_TEST_PASSWORD,
  createTestApp,
  signInAdmin,
  type TestApp,
  unlimitedMutations,
} from '../../testing/test-app';
import { autoConfirm } from './auto-confirm';
import { runSettlementSweep } from './settlement-sweep';
import { payOutIfDue } from './transfers';

let app: TestApp;
let t: ReturnType<typeof trpcAs>;
let provider: TestUser;
let client: TestUser;
let stranger: TestUser;
let admin: TestUser;
const ADMIN_EMAIL = 'settlement-admin@example.com';
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  // One client makes every test's changes, faster than a person: the mutation limit has its own battery file.
  app = await createTestApp(
    { ADMIN_EMAIL, ADMIN_PASSWORD: ADMIN_TEST_PASSWORD },
    { mutationLimiter: unlimitedMutations },
  );
  t = trpcAs(app);
  provider = await testUser(app, { firstName: 'Pat' });
  client = await testUser(app, { firstName: 'Cleo' });
  stranger = await testUser(app, { firstName: 'Stan' });
  admin = await signInAdmin(app);
  await onboardProvider(app, provider);
});
afterAll(() => app.close());

const db = () => app.database.db;
const deps = () => ({ db: app.database.db, events: app.events, bus: app.bus, payments: app.payments });
const transfersOf = (id: string) => db().select().from(transfers).where(eq(transfers.conversationId, id));
const refundsOf = (id: string) => db().select().from(refunds).where(eq(refunds.conversationId, id));
/** The audit entries about a conversation (refunds, dispute outcomes), oldest first. */
const auditOf = (id: string) =>
  db()
    .select({ action: auditEvents.action, actorId: auditEvents.actorId, details: auditEvents.details })
    .from(auditEvents)
    .where(eq(auditEvents.subjectId, id))
    .orderBy(asc(auditEvents.createdAt));
const history = (who: TestUser, id: string) => t.ok(who, 'settlement.history', { conversationId: id });

async function completed(price = 80, who = provider) {
  const id = await paidConversation(app, who, client, price);
  await t.ok(who, 'conversations.act', { id, action: 'start' });
  await t.ok(who, 'conversations.act', { id, action: 'complete' });
  return id;
}

describe('cancelling before the work starts', () => {
  it('refunds the client in full; nothing can start afterwards; only the client may cancel', async () => {
    const id = await paidConversation(app, provider, client, 40);
    expect((await t.call(provider, 'settlement.cancel', { conversationId: id })).error?.message).toBe(
      'Only the client can do that',
    );
    expect((await t.call(stranger, 'settlement.cancel', { conversationId: id })).status).toBe(403);
    await t.ok(client, 'settlement.cancel', { conversationId: id });
    const [refund] = await refundsOf(id);
    expect(refund).toMatchObject({ amountCents: 4000, reason: 'client_cancelled' });
    expect(refund!.stripeRefundId).toMatch(/^re_test_/);
    expect((await t.call(provider, 'conversations.act', { id, action: 'start' })).error?.message).toBe(
      'The service was cancelled',
    );
    expect((await t.call(client, 'settlement.cancel', { conversationId: id })).status).toBe(409);
    expect(await refundsOf(id)).toHaveLength(1);
    expect((await history(provider, id)).label).toBe('cancelled');
    // The whole price went back: the platform keeps no fee and the provider gets nothing.
    expect(await history(client, id)).toMatchObject({
      amountCents: 4000,
      refundedCents: 4000,
      platformFeeCents: 0,
      providerAmountCents: 0,
    });
  });

  it('is refused once the provider has started', async () => {
    const id = await paidConversation(app, provider, client, 40);
    await t.ok(provider, 'conversations.act', { id, action: 'start' });
    expect((await t.call(client, 'settlement.cancel', { conversationId: id })).error?.message).toBe(
      'The service has already started',
    );
  });
});

describe('paying the provider', () => {
  it('after the client confirms: one transfer of the price less 10%, recorded when Stripe reports it', async () => {
    const id = await completed(80);
    expect((await history(client, id)).actions).toEqual(['confirm', 'dispute']);
    expect((await t.call(provider, 'settlement.confirm', { conversationId: id })).status).toBe(409);
    await t.ok(client, 'settlement.confirm', { conversationId: id });
    const [transfer] = await transfersOf(id);
    expect(transfer).toMatchObject({ amountCents: 7200, status: 'paid', providerId: provider.id });
    expect(transfer!.stripeTransferId).toMatch(/^tr_test_/);
    expect(transfer!.confirmedAt).not.toBeNull();
    // Every path may ask again; the transfer is made once.
    await payOutIfDue(deps(), id);
    await Promise.all([payOutIfDue(deps(), id), payOutIfDue(deps(), id)]);
    expect(await transfersOf(id)).toHaveLength(1);
    expect((await t.call(client, 'settlement.confirm', { conversationId: id })).status).toBe(409);
    expect(
      (
        await t.call(client, 'settlement.dispute', {
          conversationId: id,
          reason: 'Quality problem',
          description: 'The work was not what we agreed.',
        })
      ).error?.message,
    ).toBe('The provider has already been paid');
    expect(await history(provider, id)).toMatchObject({ label: 'transferred', providerAmountCents: 7200 });
    const notices = await t.ok(provider, 'conversations.messages', { id });
    expect(notices.filter((m) => m.kind === 'payout_sent').map((m) => m.payload)).toEqual([{ amountCents: 7200 }]);
  });

  it('holds the money while the provider’s account is not Ready, and sends it as soon as it is', async () => {
    const newcomer = await testUser(app, { firstName: 'Nia' });
    const id = await completed(50, newcomer);
    await t.ok(client, 'settlement.confirm', { conversationId: id });
    expect((await transfersOf(id))[0]).toMatchObject({ status: 'held', amountCents: 4500 });
    expect((await history(newcomer, id)).label).toBe('releasing');
    await onboardProvider(app, newcomer);
    expect((await transfersOf(id))[0]).toMatchObject({ status: 'paid', amountCents: 4500 });
  });

  it('confirms by itself 3 days after completion, not before', async () => {
    const id = await completed(30);
    const [row] = await db().select().from(conversations).where(eq(conversations.id, id));
    const completedAt = row!.completedAt!.getTime();
    await runSettlementSweep(deps(), new Date(completedAt + 2 * DAY));
    expect(await transfersOf(id)).toHaveLength(0);
    await runSettlementSweep(deps(), new Date(completedAt + 3 * DAY + 60_000));
    expect((await transfersOf(id))[0]).toMatchObject({ status: 'paid', amountCents: 2700 });
    const [after] = await db().select().from(conversations).where(eq(conversations.id, id));
    expect(after!.acceptedAt).not.toBeNull();
  });
});

describe('while an admin reviews the service or the provider', () => {
  const completedAtOf = async (id: string) =>
    (await db().select().from(conversations).where(eq(conversations.id, id)))[0]!.completedAt!.getTime();
  const acceptedAtOf = async (id: string) =>
    (await db().select().from(conversations).where(eq(conversations.id, id)))[0]!.acceptedAt;
  const setHidden = (id: string, hidden: boolean) =>
    db().execute(sql`update services set hidden_at = ${hidden ? new Date() : null}
      where id = (select service_id from conversations where id = ${id})`);

  it('a hidden service is not accepted by itself; the client may still dispute; a restore lets the sweep go on', async () => {
    const seller = await testUser(app, { firstName: 'Hal' });
    await onboardProvider(app, seller);
    const id = await completed(40, seller);
    const disputed = await completed(20, seller);
    await setHidden(id, true);
    await setHidden(disputed, true);
    const late = new Date((await completedAtOf(id)) + 4 * DAY);
    await runSettlementSweep(deps(), late);
    expect(await transfersOf(id)).toHaveLength(0);
    expect(await acceptedAtOf(id)).toBeNull();
    // The way back stays open while it is hidden.
    await t.ok(client, 'settlement.dispute', {
      conversationId: disputed,
      reason: 'Not as described',
      description: 'The service was hidden after a community poll.',
    });
    // Even called directly (a run that read the list just before the poll passed), it waits.
    expect((await autoConfirm({ ...deps(), now: () => late }, null, { conversationId: id })).messages).toEqual([]);

    await setHidden(id, false);
    await runSettlementSweep(deps(), late);
    expect((await transfersOf(id))[0]).toMatchObject({ status: 'paid', amountCents: 3600 });
    expect(await acceptedAtOf(id)).not.toBeNull();
  });

  it('a suspended provider is not paid out by the sweep until the suspension ends', async () => {
    const seller = await testUser(app, { firstName: 'Ida' });
    await onboardProvider(app, seller);
    const id = await completed(60, seller);
    await db().execute(sql`insert into user_suspensions (user_id, until, reason, suspended_by)
      values (${seller.id}, null, 'Under review', ${admin.id})`);
    const late = new Date((await completedAtOf(id)) + 4 * DAY);
    await runSettlementSweep(deps(), late);
    expect(await transfersOf(id)).toHaveLength(0);
    expect(await acceptedAtOf(id)).toBeNull();

    await db().execute(sql`delete from user_suspensions where user_id = ${seller.id}`);
    await runSettlementSweep(deps(), late);
    expect((await transfersOf(id))[0]).toMatchObject({ status: 'paid', amountCents: 5400 });
  });
});

describe('when the payment provider refuses a transfer', () => {
  it('records the failure and the sweep retries it later with the same key, paying once', async () => {
    const flaky = await testUser(app, { firstName: 'Fay' });
    const accountId = await onboardProvider(app, flaky);
    // "Stripe" stops accepting transfers to the account although our profile still says Ready.
    const setPayouts = (payoutsEnabled: boolean) =>
      db().update(testConnectedAccounts).set({ payoutsEnabled }).where(eq(testConnectedAccounts.id, accountId));
    await setPayouts(false);
    const id = await completed(20, flaky);
    await t.ok(client, 'settlement.confirm', { conversationId: id });
    expect((await transfersOf(id))[0]).toMatchObject({ status: 'failed', amountCents: 1800 });
    const failures = await db().select().from(paymentFailures).where(eq(paymentFailures.conversationId, id));
    expect(failures.map((f) => f.failureType)).toEqual(['transfer_failed']);

    await setPayouts(true);
    await runSettlementSweep(deps(), new Date(Date.now() + 5 * 60_000));
    expect((await transfersOf(id))[0]!.status).toBe('failed');
    await runSettlementSweep(deps(), new Date(Date.now() + 16 * 60_000));
    expect(await transfersOf(id)).toMatchObject([{ status: 'paid', amountCents: 1800 }]);
  });
});

describe('disputes', () => {
  const dispute = (id: string) =>
    t.ok(client, 'settlement.dispute', {
      conversationId: id,
      reason: 'Not as described',
      description: 'Only half of the agreed work was delivered.',
    });

  it('freeze the payout: no confirmation, no auto-confirmation, until an admin releases it', async () => {
    const id = await completed(100);
    expect(
      (await t.call(client, 'settlement.dispute', { conversationId: id, reason: 'Other', description: 'short' })).error
        ?.message,
    ).toBe('Please describe the problem in 10 to 1000 characters');
    await dispute(id);
    expect((await t.call(client, 'settlement.confirm', { conversationId: id })).error?.message).toBe(
      'A dispute is open',
    );
    const [row] = await db().select().from(conversations).where(eq(conversations.id, id));
    await runSettlementSweep(deps(), new Date(row!.completedAt!.getTime() + 5 * DAY));
    expect(await transfersOf(id)).toHaveLength(0);

    const resolution = { conversationId: id, resolution: 'release' as const };
    expect((await t.call(client, 'settlement.resolveDispute', resolution)).status).toBe(403);
    expect((await t.call(provider, 'settlement.resolveDispute', resolution)).status).toBe(403);
    expect(await auditOf(id)).toEqual([]);
    await t.ok(admin, 'settlement.resolveDispute', resolution);
    expect((await t.call(admin, 'settlement.resolveDispute', resolution)).error?.message).toBe(
      'The provider has already been paid',
    );
    expect((await transfersOf(id))[0]).toMatchObject({ status: 'paid', amountCents: 9000 });
    const [closed] = await db().select().from(disputes).where(eq(disputes.conversationId, id));
    expect(closed).toMatchObject({ status: 'released', resolvedBy: admin.id });
    // One entry for the one resolution; the refused second attempt wrote none.
    expect(await auditOf(id)).toEqual([
      {
        action: 'dispute.resolved',
        actorId: admin.id,
        details: { outcome: 'released', refundCents: null, disputeId: closed!.id },
      },
    ]);
  });

  it('a partial refund returns part to the client and pays the provider their share of the rest', async () => {
    const id = await completed(100);
    await dispute(id);
    const tooMuch = await t.call(admin, 'settlement.resolveDispute', {
      conversationId: id,
      resolution: 'partial',
      refund: 100,
    });
    expect(tooMuch.error?.message).toBe('Enter a refund between $0.01 and the amount paid less $0.01');
    expect(await auditOf(id)).toEqual([]);
    await t.ok(admin, 'settlement.resolveDispute', { conversationId: id, resolution: 'partial', refund: 40 });
    expect(await auditOf(id)).toMatchObject([
      { action: 'dispute.resolved', actorId: admin.id, details: { outcome: 'partially_refunded', refundCents: 4000 } },
    ]);
    expect((await refundsOf(id))[0]).toMatchObject({ amountCents: 4000, reason: 'dispute_partial_refund' });
    // $60 kept: the provider gets $54 after the 10% fee, and the panel shows the fee of what was kept.
    expect((await transfersOf(id))[0]).toMatchObject({ status: 'paid', amountCents: 5400 });
    expect(await history(client, id)).toMatchObject({
      refundedCents: 4000,
      platformFeeCents: 600,
      providerAmountCents: 5400,
    });
  });

  it('a full refund closes the conversation without a payout', async () => {
    const id = await completed(100);
    await dispute(id);
    await t.ok(admin, 'settlement.resolveDispute', { conversationId: id, resolution: 'refund' });
    expect((await refundsOf(id))[0]).toMatchObject({ amountCents: 10000 });
    expect(await transfersOf(id)).toHaveLength(0);
    const [closed] = await db().select().from(disputes).where(eq(disputes.conversationId, id));
    expect(closed!.status).toBe('refunded');
    expect((await t.call(client, 'settlement.confirm', { conversationId: id })).status).toBe(409);
    // The Refund outcome is one dispute resolution, not also a second "payment refunded" entry.
    expect(await auditOf(id)).toEqual([
      {
        action: 'dispute.resolved',
        actorId: admin.id,
        details: { outcome: 'refunded', refundCents: 10000, disputeId: closed!.id, reversedPayoutCents: null },
      },
    ]);
  });

  it('a card network dispute is recorded once and flags the conversation', async () => {
    const id = await completed(60);
    const [payment] = await db().query.paymentTransactions.findMany({
      where: (p, { eq: is }) => is(p.conversationId, id),
    });
    const signed = (app.payments as TestModeProvider).signEvent('charge.dispute.created', {
      id: `dp_test_${id.slice(0, 8)}`,
      payment_intent: payment!.paymentIntentId,
      reason: 'fraudulent',
    });
    const post = () =>
      app.server.inject({
        method: 'POST',
        url: PAYMENT_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
        payload: signed.payload,
      });
    expect((await post()).statusCode).toBe(200);
    expect((await post()).json()).toMatchObject({ duplicate: true });
    const rows = await db().select().from(disputes).where(eq(disputes.conversationId, id));
    expect(rows).toMatchObject([{ source: 'card_network', reason: 'fraudulent', status: 'open' }]);
    expect((await history(client, id)).label).toBe('disputed');
  });
});

describe('admin refunds and access', () => {
  it('an admin refunds a paid conversation; others are refused; strangers cannot read the history', async () => {
    const id = await paidConversation(app, provider, client, 25);
    expect((await t.call(client, 'settlement.refund', { conversationId: id })).error?.message).toBe(
      'Admin access required to view this page',
    );
    expect((await t.call(null, 'settlement.refund', { conversationId: id })).status).toBe(401);
    expect((await t.call(stranger, 'settlement.history', { conversationId: id })).status).toBe(403);
    expect(await auditOf(id)).toEqual([]);
    await t.ok(admin, 'settlement.refund', { conversationId: id });
    expect((await t.call(admin, 'settlement.refund', { conversationId: id })).status).toBe(409);
    expect(await refundsOf(id)).toMatchObject([{ amountCents: 2500, reason: 'admin_refund' }]);
    // One entry for the refund that went out, none for the refused second one.
    const [payment] = await db().query.paymentTransactions.findMany({
      where: (p, { eq: is }) => is(p.conversationId, id),
    });
    expect(await auditOf(id)).toEqual([
      {
        action: 'payment.refunded',
        actorId: admin.id,
        details: { amountCents: 2500, paymentId: payment!.id, reversedPayoutCents: null, disputeId: null },
      },
    ]);
    expect((await history(admin, id)).label).toBe('cancelled');
  });

  it('after the payout, an admin refund takes the provider’s transfer back, then refunds the client, once', async () => {
    const id = await completed(50);
    await t.ok(client, 'settlement.confirm', { conversationId: id });
    expect((await transfersOf(id))[0]).toMatchObject({ status: 'paid', amountCents: 4500 });
    expect((await history(admin, id)) as unknown).toMatchObject({
      admin: { canRefund: true, refundReversesPayout: true },
    });
    expect((await t.call(provider, 'settlement.refund', { conversationId: id })).status).toBe(403);

    await t.ok(admin, 'settlement.refund', { conversationId: id });
    const [transfer] = await transfersOf(id);
    expect(transfer).toMatchObject({ status: 'paid', reversedCents: 4500 });
    expect(transfer!.stripeReversalId).toMatch(/^trr_test_/);
    expect(await refundsOf(id)).toMatchObject([{ amountCents: 5000, reason: 'admin_refund' }]);
    expect((await t.call(admin, 'settlement.refund', { conversationId: id })).status).toBe(409);
    expect(await auditOf(id)).toMatchObject([
      { action: 'payment.refunded', details: { amountCents: 5000, reversedPayoutCents: 4500 } },
    ]);
    expect(await history(client, id)).toMatchObject({ label: 'refunded', providerAmountCents: 0 });
    const notices = await t.ok(client, 'conversations.messages', { id });
    expect(notices.filter((m) => m.kind === 'payment_refunded').map((m) => m.payload)).toEqual([
      { amountCents: 5000, reversedPayoutCents: 4500 },
    ]);
  });

  it('a reversal the provider refuses is recorded, the client is still refunded, and the sweep retries it', async () => {
    const id = await completed(20);
    await t.ok(client, 'settlement.confirm', { conversationId: id });
    const reverse = app.payments.reverseTransfer;
    app.payments.reverseTransfer = () => Promise.reject(new Error('Insufficient funds in the connected account'));
    try {
      await t.ok(admin, 'settlement.refund', { conversationId: id });
    } finally {
      app.payments.reverseTransfer = reverse;
    }
    expect((await transfersOf(id))[0]).toMatchObject({ reversedCents: 1800, stripeReversalId: null });
    expect((await refundsOf(id))[0]!.stripeRefundId).toMatch(/^re_test_/);
    const failures = await db().select().from(paymentFailures).where(eq(paymentFailures.conversationId, id));
    expect(failures.map((f) => f.failureType)).toEqual(['reversal_failed']);
    await runSettlementSweep(deps(), new Date(Date.now() + 2 * 60_000));
    expect((await transfersOf(id))[0]!.stripeReversalId).toMatch(/^trr_test_/);
  });
});
