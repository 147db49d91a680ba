import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../../domain/categories';
import { messageBody, noticeText } from '../../../domain/messages';
import { PAYMENT_PAUSED_MESSAGES } from '../../../domain/payments';
import { paymentFailures, paymentTransactions, stripeEvents } from '../../db/schema/payments';
import { PAYMENT_WEBHOOK_PATH } from '../../http/payment-webhook-route';
import { createTestModeProvider } from '../../payments/test-mode-provider';
import {
  ADMIN_TEST_PASSWORD,
  callTrpc,
  createTestApp,
  signInAdmin,
  signUp,
  userIdOf,
  type TestApp,
  unlimitedMutations,
} from '../../testing/test-app';
import { trpcAs } from '../../testing/marketplace';

let app: TestApp;
type User = { cookie: string; id: string };
let provider: User;
let client: User;
let stranger: User;
let admin: User;
const ADMIN_EMAIL = 'payments-admin@example.com';

async function user(firstName: string): Promise<User> {
  const { cookie } = await signUp(app, { firstName });
  return { cookie, id: await userIdOf(app, cookie) };
}
const { call, ok } = trpcAs(() => app);
const details = (who: User, id: string) => ok(who, 'conversations.get', { id });
type Stored = { kind: string; text: string | null; payload: unknown };
/** What each message says to a participant: their words, or "(kind) the notice in words". */
const said = (m: Stored) => {
  const body = messageBody(m);
  return !body ? '(unreadable)' : body.kind === 'text' ? body.text : `(${body.kind}) ${noticeText(body)}`;
};
const texts = async (who: User, id: string) => (await ok(who, 'conversations.messages', { id })).map(said);

/** A conversation where the price of $65.00 is agreed. */
async function agreedConversation() {
  const service = await ok(provider, 'services.create', {
    title: 'Portrait photography',
    description: 'One hour on location, twenty edited photos.',
    category_id: SERVICE_CATEGORIES[6]!.id,
    price: 50,
    pricing_type: 'fixed',
    delivery_method: 'virtual',
    service_location: null,
    image_url: '',
  });
  const { id } = await ok(client, 'conversations.request', { serviceId: service.id });
  await ok(provider, 'conversations.propose', { id, price: 65, pricingType: 'fixed' });
  await ok(client, 'conversations.act', { id, action: 'accept' });
  return id;
}

/** Posts an event to the webhook endpoint, signed as Stripe (here, the test mode) signs it. */
async function deliver(type: string, object: Record<string, unknown>, { secret }: { secret?: string } = {}) {
  const signed = createTestModeProvider(secret ?? app.config.SESSION_SECRET).signEvent(type, object as never);
  return app.server.inject({
    method: 'POST',
    url: PAYMENT_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
    payload: signed.payload,
  });
}

beforeAll(async () => {
  // One client makes every test's changes, faster than a person: the mutation limit has its own battery file.
  app = await createTestApp(
    { ADMIN_EMAIL, ADMIN_PASSWORD: ADMIN_TEST_PASSWORD },
    { mutationLimiter: unlimitedMutations },
  );
  provider = await user('Pat');
  client = await user('Cleo');
  stranger = await user('Stan');
  admin = await signInAdmin(app);
});
afterAll(() => app.close());

describe('starting a payment', () => {
  it('only the client, only after agreement; the amount and the 10% fee come from the server', async () => {
    const service = await ok(provider, 'services.create', {
      title: 'Quick logo',
      description: 'A simple logo in two days, two revisions.',
      category_id: SERVICE_CATEGORIES[1]!.id,
      price: 30,
      pricing_type: 'fixed',
      delivery_method: 'virtual',
      service_location: null,
      image_url: '',
    });
    const early = await ok(client, 'conversations.request', { serviceId: service.id });
    expect((await call(client, 'payments.start', { conversationId: early.id })).status).toBe(409);

    const id = await agreedConversation();
    expect((await call(provider, 'payments.start', { conversationId: id })).status).toBe(409);
    expect((await call(stranger, 'payments.start', { conversationId: id })).error?.message).toBe(
      "You don't have access to this conversation",
    );
    // Whatever amount a crafted request carries, the agreed price is charged.
    const crafted = { conversationId: id, amount: 1 };
    const started = await ok(client, 'payments.start', crafted);
    expect(started).toMatchObject({ amountCents: 6500, platformFeeCents: 650, providerAmountCents: 5850 });
    const again = await ok(client, 'payments.start', { conversationId: id });
    expect(again.paymentIntentId).toBe(started.paymentIntentId);
  });

  it('the client cannot mark it paid; a stranger cannot pay with a card on it', async () => {
    const id = await agreedConversation();
    const { paymentIntentId } = await ok(client, 'payments.start', { conversationId: id });
    const card = { conversationId: id, paymentIntentId, number: '4242424242424242', expiry: '12/34', cvc: '123' };
    expect((await call(stranger, 'payments.payWithTestCard', card)).status).toBe(403);
    expect((await call(provider, 'payments.payWithTestCard', card)).status).toBe(409);
    expect((await call(client, 'conversations.act', { id, action: 'start' })).status).toBe(409);
    expect((await details(client, id)).state.paymentCompleted).toBe(false);
  });
});

describe('paying waits while an admin reviews', () => {
  const db = () => app.database.db;
  const payments = async (id: string) =>
    (await db().execute(sql`select status from payment_transactions where conversation_id = ${id}`)).rows;

  it('a service a passed poll hid: no new payment, no paying an intent started before; messages go on', async () => {
    const id = await agreedConversation();
    const { paymentIntentId } = await ok(client, 'payments.start', { conversationId: id });
    const before = await payments(id);
    await db().execute(sql`update services set hidden_at = now()
      where id = (select service_id from conversations where id = ${id})`);

    const start = await call(client, 'payments.start', { conversationId: id });
    expect(start.status).toBe(409);
    expect(start.error?.message).toBe(PAYMENT_PAUSED_MESSAGES.serviceUnderReview);
    const card = { conversationId: id, paymentIntentId, number: '4242424242424242', expiry: '12/34', cvc: '123' };
    const paid = await call(client, 'payments.payWithTestCard', card);
    expect(paid.status).toBe(409);
    expect(paid.error?.message).toBe(PAYMENT_PAUSED_MESSAGES.serviceUnderReview);
    expect(await payments(id)).toEqual(before);
    expect((await details(client, id)).state.paymentCompleted).toBe(false);
    // The two can still talk (and the client ask for help) while it is paused.
    await ok(client, 'conversations.send', { id, text: 'Is everything all right?' });
    expect((await texts(provider, id)).at(-1)).toBe('Is everything all right?');

    // Restored by an admin: paying works again, with the same intent.
    await db().execute(sql`update services set hidden_at = null
      where id = (select service_id from conversations where id = ${id})`);
    expect(await ok(client, 'payments.payWithTestCard', card)).toEqual({ status: 'succeeded' });
  });

  it('a suspended provider: no new payment until the suspension ends', async () => {
    const id = await agreedConversation();
    await db().execute(sql`insert into user_suspensions (user_id, until, reason, suspended_by)
      values (${provider.id}, null, 'Under review', ${admin.id})`);
    try {
      const start = await call(client, 'payments.start', { conversationId: id });
      expect(start.status).toBe(409);
      expect(start.error?.message).toBe(PAYMENT_PAUSED_MESSAGES.providerSuspended);
      expect(await payments(id)).toEqual([]);
      // A suspension whose end has passed no longer holds anything.
      await db().execute(sql`update user_suspensions set until = now() - interval '1 second'
        where user_id = ${provider.id}`);
      expect((await ok(client, 'payments.start', { conversationId: id })).amountCents).toBe(6500);
    } finally {
      await db().execute(sql`delete from user_suspensions where user_id = ${provider.id}`);
    }
  });
});

describe('test cards', () => {
  it('a decline is recorded and reported; the client retries with a good card and the conversation is paid', async () => {
    const id = await agreedConversation();
    const { paymentIntentId } = await ok(client, 'payments.start', { conversationId: id });
    const card = (number: string) => ({ conversationId: id, paymentIntentId, number, expiry: '12/34', cvc: '123' });
    expect(await ok(client, 'payments.payWithTestCard', card('4000000000009995'))).toEqual({
      status: 'failed',
      message: 'Your card has insufficient funds.',
    });
    const failures = await app.database.db
      .select()
      .from(paymentFailures)
      .where(eq(paymentFailures.paymentIntentId, paymentIntentId));
    expect(failures.map((f) => f.failureType)).toEqual(['insufficient_funds']);
    expect(await ok(client, 'payments.payWithTestCard', card('4242424242424242'))).toEqual({ status: 'succeeded' });
    expect((await details(provider, id)).actions).toEqual(['start']);
    expect((await texts(provider, id)).at(-1)).toBe('(payment_received) Payment of $65.00 received');
  });
});

describe('the webhook', () => {
  async function intentOf(id: string) {
    const { paymentIntentId } = await ok(client, 'payments.start', { conversationId: id });
    return paymentIntentId;
  }

  it('refuses unsigned, wrongly signed and tampered events, changing nothing', async () => {
    const id = await agreedConversation();
    const intent = await intentOf(id);
    const succeeded = { id: intent, amount: 6500, amount_received: 6500 };
    const unsigned = await app.server.inject({
      method: 'POST',
      url: PAYMENT_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'evt_x', type: 'payment_intent.succeeded', data: { object: succeeded } }),
    });
    expect(unsigned.statusCode).toBe(400);
    const foreign = await deliver('payment_intent.succeeded', succeeded, {
      secret: 'another-secret-another-secret-xx',
    });
    expect(foreign.statusCode).toBe(400);
    const signer = createTestModeProvider(app.config.SESSION_SECRET);
    const signed = signer.signEvent('payment_intent.succeeded', { ...succeeded, amount: 1, amount_received: 1 });
    const tampered = await app.server.inject({
      method: 'POST',
      url: PAYMENT_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
      payload: signed.payload
        .replace('"amount":1', '"amount":6500')
        .replace('"amount_received":1', '"amount_received":6500'),
    });
    expect(tampered.statusCode).toBe(400);
    expect((await details(client, id)).state.paymentCompleted).toBe(false);
  });

  it('applies an event once: a replay and a second success change nothing', async () => {
    const id = await agreedConversation();
    const intent = await intentOf(id);
    const signer = createTestModeProvider(app.config.SESSION_SECRET);
    const event = signer.signEvent('payment_intent.succeeded', { id: intent, amount: 6500, amount_received: 6500 });
    const post = (payload: string, signature: string) =>
      app.server.inject({
        method: 'POST',
        url: PAYMENT_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    expect((await post(event.payload, event.signature)).json()).toEqual({ received: true, duplicate: false });
    expect((await post(event.payload, event.signature)).json()).toEqual({ received: true, duplicate: true });
    expect(
      (await deliver('payment_intent.succeeded', { id: intent, amount: 6500, amount_received: 6500 })).statusCode,
    ).toBe(200);
    const payments = (await texts(client, id)).filter((t) => t.startsWith('(payment_received)'));
    expect(payments).toHaveLength(1);
    const stored = await app.database.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.eventId, JSON.parse(event.payload).id));
    expect(stored).toHaveLength(1);
  });

  it('a failure delivered after the success does not undo it', async () => {
    const id = await agreedConversation();
    const intent = await intentOf(id);
    await deliver('payment_intent.succeeded', { id: intent, amount: 6500, amount_received: 6500 });
    await deliver('payment_intent.payment_failed', {
      id: intent,
      amount: 6500,
      last_payment_error: {
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      },
    });
    expect((await details(client, id)).state.paymentCompleted).toBe(true);
    const [transaction] = await app.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.paymentIntentId, intent));
    expect(transaction!.status).toBe('succeeded');
  });

  it('a success for another amount than the agreed price does not mark the conversation paid', async () => {
    const id = await agreedConversation();
    const intent = await intentOf(id);
    await deliver('payment_intent.succeeded', { id: intent, amount: 100, amount_received: 100 });
    expect((await details(client, id)).state.paymentCompleted).toBe(false);
    const failures = await app.database.db
      .select()
      .from(paymentFailures)
      .where(eq(paymentFailures.paymentIntentId, intent));
    expect(failures.map((f) => f.failureType)).toEqual(['amount_mismatch']);
  });
});

describe('delivery and reviews', () => {
  it('start, complete, then one verified review by the client with the rating summary', async () => {
    const id = await agreedConversation();
    const { paymentIntentId } = await ok(client, 'payments.start', { conversationId: id });
    await ok(client, 'payments.payWithTestCard', {
      conversationId: id,
      paymentIntentId,
      number: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    const review = { conversationId: id, rating: 4, comment: 'Lovely photos, on time.' };
    expect((await call(client, 'reviews.submit', review)).status).toBe(409);
    await ok(provider, 'conversations.act', { id, action: 'start' });
    // Two presses of Start: one wins, the other is refused.
    expect((await call(provider, 'conversations.act', { id, action: 'start' })).status).toBe(409);
    expect((await details(client, id)).status).toBe('in_progress');
    await ok(provider, 'conversations.act', { id, action: 'complete' });
    expect((await details(client, id)).actions).toEqual(['review']);

    expect((await call(provider, 'reviews.submit', review)).status).toBe(409);
    expect((await call(stranger, 'reviews.submit', review)).error?.message).toBe(
      "You don't have access to this conversation",
    );
    expect((await call(client, 'reviews.submit', { ...review, rating: 0 })).error?.message).toBe(
      'Please select a rating',
    );
    expect((await call(client, 'reviews.submit', { ...review, comment: 'Too short' })).error?.message).toBe(
      'Review must be at least 10 characters',
    );
    expect((await call(client, 'reviews.submit', { ...review, comment: 'x'.repeat(1001) })).error?.message).toBe(
      'Review cannot exceed 1000 characters',
    );
    await ok(client, 'reviews.submit', review);
    expect((await call(client, 'reviews.submit', review)).error?.message).toBe(
      'You have already reviewed this service',
    );
    expect((await details(client, id)).actions).toEqual([]);

    const block = await callTrpc(app, 'reviews.profile', { input: { providerId: provider.id } });
    expect(block.data).toMatchObject({
      summary: { average: 4, total: 1, distribution: { star1: 0, star2: 0, star3: 0, star4: 1, star5: 0 } },
      recent: [{ rating: 4, comment: 'Lovely photos, on time.', isVerified: true, reviewerFirstName: 'Cleo' }],
    });
  });
});

describe('admin reset of pricing and progress', () => {
  it('only an admin resets; the negotiation starts over with a notice; a paid conversation is refused', async () => {
    const id = await agreedConversation();
    for (const who of [client, provider, stranger]) {
      expect((await call(who, 'conversations.reset', { id })).error?.message).toBe(
        'Admin access required to view this page',
      );
      expect((await call(who, 'conversations.adminView', { id })).status).toBe(403);
    }
    expect(await ok(admin, 'conversations.reset', { id })).toEqual({
      message: 'Chat pricing and progress have been reset',
    });
    expect((await details(client, id)).actions.sort()).toEqual(['acceptOriginal', 'propose']);
    expect((await texts(client, id)).at(-1)).toBe(
      '(admin_reset) An admin reset the price and progress of this conversation',
    );
    const view = await ok(admin, 'conversations.adminView', { id });
    expect(view).toMatchObject({ actions: [], party: null });
    // The admin is not a party: the messages stay private.
    expect((await call(admin, 'conversations.messages', { id })).status).toBe(403);

    await ok(client, 'conversations.acceptOriginal', { id, priceCents: 5000, pricingType: 'fixed' });
    const { paymentIntentId } = await ok(client, 'payments.start', { conversationId: id });
    await ok(client, 'payments.payWithTestCard', {
      conversationId: id,
      paymentIntentId,
      number: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    expect((await call(admin, 'conversations.reset', { id })).error?.message).toBe(
      'A paid conversation cannot be reset',
    );
  });
});
