import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeProvider } from './stripe-provider';

/** A local stand-in for api.stripe.com that records what the SDK sends and answers like Stripe. */
const received: { path: string; headers: IncomingMessage['headers']; body: URLSearchParams }[] = [];
const api = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    received.push({ path: request.url ?? '', headers: request.headers, body: new URLSearchParams(body) });
    response.setHeader('content-type', 'application/json');
    const answers: Record<string, object> = {
      '/v1/accounts': { id: 'acct_123', object: 'account' },
      '/v1/account_links': { object: 'account_link', url: 'https://connect.stripe.com/setup/e/acct_123/abc' },
      '/v1/transfers': { id: 'tr_123', object: 'transfer' },
      '/v1/refunds': { id: 're_123', object: 'refund' },
      '/v1/transfers/tr_123/reversals': { id: 'trr_123', object: 'transfer_reversal' },
    };
    response.end(
      JSON.stringify(
        answers[request.url ?? ''] ?? { id: 'pi_123', object: 'payment_intent', client_secret: 'pi_123_secret_abc' },
      ),
    );
  });
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  port = (api.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => api.close(resolve)));

const keys = { secretKey: 'sk_test_123', publishableKey: 'pk_test_123', webhookSecret: 'whsec_test_secret' };

describe('the Stripe payment provider', () => {
  it('creates a USD PaymentIntent for the amount, with the conversation metadata and the idempotency key', async () => {
    const provider = createStripeProvider(keys, { host: '127.0.0.1', port, protocol: 'http' });
    const intent = await provider.createPaymentIntent({
      amountCents: 6500,
      idempotencyKey: 'pay-c1-6500',
      metadata: { conversationId: 'c1', clientId: 'u1', providerId: 'u2' },
    });
    expect(intent).toEqual({ id: 'pi_123', clientSecret: 'pi_123_secret_abc' });
    const [call] = received;
    expect(call!.path).toBe('/v1/payment_intents');
    expect(call!.headers['idempotency-key']).toBe('pay-c1-6500');
    expect(call!.headers.authorization).toBe('Bearer sk_test_123');
    expect(Object.fromEntries(call!.body)).toMatchObject({
      amount: '6500',
      currency: 'usd',
      'metadata[conversationId]': 'c1',
      'metadata[clientId]': 'u1',
      'metadata[providerId]': 'u2',
    });
  });

  it('confirms the suite’s webhook check with Stripe’s test Visa, without redirects', async () => {
    const provider = createStripeProvider(keys, { host: '127.0.0.1', port, protocol: 'http' });
    received.length = 0;
    await provider.createPaymentIntent({
      amountCents: 500,
      idempotencyKey: 'test-1',
      metadata: { purpose: 'payment-test' },
      confirmWithTestMethod: 'pm_card_visa',
    });
    expect(Object.fromEntries(received[0]!.body)).toMatchObject({
      payment_method: 'pm_card_visa',
      confirm: 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
    });
  });

  it('onboards with Connect Express (a minor’s account in the guardian’s name) and pays out with keyed transfers and reversals', async () => {
    const provider = createStripeProvider(keys, { host: '127.0.0.1', port, protocol: 'http' });
    received.length = 0;
    const accountId = await provider.createConnectedAccount({
      userId: 'u9',
      email: 'kid@example.com',
      guardianEmail: 'parent@example.com',
    });
    expect(accountId).toBe('acct_123');
    expect(Object.fromEntries(received[0]!.body)).toMatchObject({
      type: 'express',
      email: 'parent@example.com',
      'capabilities[transfers][requested]': 'true',
      'metadata[user_id]': 'u9',
    });
    const url = await provider.createAccountLink({
      accountId,
      returnUrl: 'https://app.example/payouts-setup?stripe=return',
      refreshUrl: 'https://app.example/payouts-setup?mode=resume',
    });
    expect(url).toMatch(/^https:\/\/connect\.stripe\.com\//);
    expect(Object.fromEntries(received[1]!.body)).toMatchObject({ account: 'acct_123', type: 'account_onboarding' });
    const transfer = await provider.createTransfer({
      amountCents: 5850,
      destinationAccountId: accountId,
      idempotencyKey: 'transfer-t1',
      transferGroup: 'conversation-c1',
      metadata: { transfer_id: 't1' },
    });
    expect(transfer.id).toBe('tr_123');
    expect(received[2]!.headers['idempotency-key']).toBe('transfer-t1');
    expect(Object.fromEntries(received[2]!.body)).toMatchObject({
      amount: '5850',
      currency: 'usd',
      destination: 'acct_123',
      'metadata[transfer_id]': 't1',
    });
    await provider.createRefund({ paymentIntentId: 'pi_1', amountCents: 6500, idempotencyKey: 'refund-full-c1' });
    expect(received[3]!.headers['idempotency-key']).toBe('refund-full-c1');
    expect(Object.fromEntries(received[3]!.body)).toMatchObject({ payment_intent: 'pi_1', amount: '6500' });
    const reversal = await provider.reverseTransfer({
      transferId: 'tr_123',
      amountCents: 5850,
      idempotencyKey: 'reversal-t1',
    });
    expect(reversal.id).toBe('trr_123');
    expect(received[4]!.path).toBe('/v1/transfers/tr_123/reversals');
    expect(received[4]!.headers['idempotency-key']).toBe('reversal-t1');
    expect(Object.fromEntries(received[4]!.body)).toMatchObject({ amount: '5850' });
  });

  it('accepts events signed with the endpoint secret and refuses any other', () => {
    const provider = createStripeProvider(keys);
    const payload = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: keys.webhookSecret });
    expect(provider.verifyWebhook(payload, signature).id).toBe('evt_1');
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => provider.verifyWebhook(payload, forged)).toThrow();
    expect(() => provider.verifyWebhook(payload.replace('pi_1', 'pi_2'), signature)).toThrow();
  });
});
