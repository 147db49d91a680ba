import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../db/database';
import { testConnectedAccounts } from '../db/schema/payments';
import type { PaymentEvent, PaymentProvider } from './payment-provider';

/** Where test mode's onboarding pages live (web routes served by this app). */
export const TEST_ONBOARDING_PATH = '/test-mode/onboarding';

/**
 * Test mode without keys: intents, connected accounts, transfers and refunds are made here, and what Stripe would
 * report by webhook becomes events signed exactly as Stripe signs them (Stripe's own helper), delivered through the
 * same verification and processing as real webhooks.
 */
export interface TestModeProvider extends PaymentProvider {
  mode: 'test';
  /** A signed event, as Stripe would deliver it, for the webhook handler. */
  signEvent(type: string, object: PaymentEvent['data']['object']): { payload: string; signature: string };
  /** Where events go once signed (the webhook handler); set by the app, which owns the handler. */
  connectWebhook(deliver: (payload: string, signature: string) => Promise<unknown>): void;
  /** Sends an event to the connected webhook handler, as Stripe would after the matching API call. */
  emit(type: string, object: PaymentEvent['data']['object']): Promise<void>;
  /** Test onboarding's form: the account holder's details; submitting them makes the account Ready. */
  submitOnboarding(accountId: string, input: { legalName: string; complete: boolean }): Promise<void>;
  accountHolder(accountId: string): Promise<{ email: string | null; guardianEmail: string | null } | null>;
}

const idFrom = (secret: string, prefix: string, key: string) =>
  `${prefix}${createHmac('sha256', secret).update(key).digest('hex').slice(0, 24)}`;

export function createTestModeProvider(sessionSecret: string, db?: Db): TestModeProvider {
  // Derived from the server's secret: stable across restarts, never sent anywhere.
  const webhookSecret = `whsec_${createHmac('sha256', sessionSecret).update('test-mode-webhooks').digest('hex')}`;
  let deliver: ((payload: string, signature: string) => Promise<unknown>) | null = null;
  const store = () => {
    if (!db) throw new Error('Test mode accounts need the database');
    return db;
  };
  const signEvent: TestModeProvider['signEvent'] = (type, object) => {
    const event: PaymentEvent = { id: `evt_test_${randomBytes(12).toString('hex')}`, type, data: { object } };
    const payload = JSON.stringify(event);
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
  };
  const emit: TestModeProvider['emit'] = async (type, object) => {
    if (!deliver) return;
    const { payload, signature } = signEvent(type, object);
    await deliver(payload, signature);
  };
  const accountObject = (row: typeof testConnectedAccounts.$inferSelect) => ({
    id: row.id,
    charges_enabled: row.chargesEnabled,
    payouts_enabled: row.payoutsEnabled,
    details_submitted: row.detailsSubmitted,
  });

  return {
    mode: 'test',
    publishableKey: null,
    live: false,
    signEvent,
    emit,
    connectWebhook(handler) {
      deliver = handler;
    },
    async createPaymentIntent({ idempotencyKey }) {
      // The same key gives the same intent, as Stripe's idempotency keys do.
      const id = idFrom(webhookSecret, 'pi_test_', idempotencyKey);
      return { id, clientSecret: `${id}_secret_${randomBytes(8).toString('hex')}` };
    },
    verifyWebhook(payload, signature) {
      return Stripe.webhooks.constructEvent(payload, signature, webhookSecret) as unknown as PaymentEvent;
    },
    async createConnectedAccount({ email, guardianEmail }) {
      const id = `acct_test_${randomBytes(8).toString('hex')}`;
      await store()
        .insert(testConnectedAccounts)
        .values({ id, email: guardianEmail ?? email, guardianEmail, legalName: null });
      return id;
    },
    async createAccountLink({ accountId, refreshUrl, returnUrl }) {
      const [row] = await store().select().from(testConnectedAccounts).where(eq(testConnectedAccounts.id, accountId));
      if (!row) throw new Error(`No such test account ${accountId}`);
      const query = new URLSearchParams({ return_url: returnUrl, refresh_url: refreshUrl });
      return `${TEST_ONBOARDING_PATH}/${accountId}?${query}`;
    },
    async retrieveAccount(accountId) {
      const [row] = await store().select().from(testConnectedAccounts).where(eq(testConnectedAccounts.id, accountId));
      if (!row) throw new Error(`No such test account ${accountId}`);
      return {
        chargesEnabled: row.chargesEnabled,
        payoutsEnabled: row.payoutsEnabled,
        detailsSubmitted: row.detailsSubmitted,
      };
    },
    async submitOnboarding(accountId, { legalName, complete }) {
      const [row] = await store()
        .update(testConnectedAccounts)
        .set({ legalName, detailsSubmitted: true, chargesEnabled: complete, payoutsEnabled: complete })
        .where(eq(testConnectedAccounts.id, accountId))
        .returning();
      if (row) await emit('account.updated', accountObject(row));
    },
    async accountHolder(accountId) {
      const [row] = await store().select().from(testConnectedAccounts).where(eq(testConnectedAccounts.id, accountId));
      return row ? { email: row.email, guardianEmail: row.guardianEmail } : null;
    },
    async createTransfer({ amountCents, destinationAccountId, idempotencyKey, transferGroup, metadata }) {
      const id = idFrom(webhookSecret, 'tr_test_', idempotencyKey);
      const [account] = await store()
        .select()
        .from(testConnectedAccounts)
        .where(eq(testConnectedAccounts.id, destinationAccountId));
      // Stripe refuses transfers to accounts that cannot receive them.
      if (!account?.payoutsEnabled) throw new Error(`The account ${destinationAccountId} cannot receive transfers`);
      await emit('transfer.created', {
        id,
        amount: amountCents,
        destination: destinationAccountId,
        transfer_group: transferGroup,
        metadata,
      });
      return { id };
    },
    async reverseTransfer({ transferId, amountCents, idempotencyKey }) {
      const id = idFrom(webhookSecret, 'trr_test_', idempotencyKey);
      await emit('transfer.reversed', { id: transferId, amount_reversed: amountCents });
      return { id };
    },
    async createRefund({ idempotencyKey }) {
      return { id: idFrom(webhookSecret, 're_test_', idempotencyKey) };
    },
  };
}
