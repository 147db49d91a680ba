import { expect } from 'vitest';
import { SERVICE_CATEGORIES } from '../../domain/categories';
import { rawMethodOf, type CallablePath, type InputArgs, type OutputOf } from './procedures';
import { callRaw as callRawTrpc, callTrpc, signUp, userIdOf, type SignUpInput, type TestApp } from './test-app';

/** A signed-in test user: the cookie a browser would hold, and the id. */
export type TestUser = { cookie: string; id: string; email: string };

export async function testUser(app: TestApp, input: SignUpInput = {}): Promise<TestUser> {
  const { cookie, body } = await signUp(app, input);
  return { cookie, id: await userIdOf(app, cookie), email: body.email };
}

/** Who calls: a signed-in user's cookie, or null for a visitor. */
export type Caller = { cookie: string } | null;

/**
 * Typed calls as one user: `ok(who, 'conversations.send', { id, text })` checks the path and the input against the
 * router and returns the procedure's output. Pass a getter when the app is made later (in beforeAll).
 */
export function trpcAs(app: TestApp | (() => TestApp)) {
  const current = typeof app === 'function' ? app : () => app;
  function call<P extends CallablePath>(who: Caller, path: P, ...[input]: InputArgs<P>) {
    return callTrpc(current(), path, { input, cookie: who?.cookie });
  }
  /** The call must succeed (200); returns its data. */
  async function ok<P extends CallablePath>(who: Caller, path: P, ...[input]: InputArgs<P>): Promise<OutputOf<P>> {
    const result = await callTrpc(current(), path, { input, cookie: who?.cookie });
    expect(result.status, `${path} ${JSON.stringify(result.error)}`).toBe(200);
    return result.data as OutputOf<P>;
  }
  /**
   * Untyped, for the security battery's malformed inputs only: any path and input, sent as the browser would send
   * that procedure (GET for a query, else POST).
   */
  function callRaw(who: Caller, path: string, input?: unknown) {
    return callRawTrpc(current(), path, { input, cookie: who?.cookie, method: rawMethodOf(path) });
  }
  return { call, ok, callRaw };
}

/** The provider's payout account, onboarded through test mode's own pages, so it is Ready. */
export async function onboardProvider(app: TestApp, who: TestUser) {
  const { ok } = trpcAs(app);
  const { url } = await ok(who, 'payouts.createAccount', {});
  const accountId = new URL(url, 'http://x').pathname.split('/').at(-1)!;
  await ok(who, 'payouts.submitTestOnboarding', {
    accountId,
    legalName: 'Pat Provider',
    routingNumber: '110000000',
    accountNumber: '000123456789',
    acceptTerms: true,
  });
  return accountId;
}

/**
 * A new service of the provider's (a fixed price of `price` dollars, online, its title made unique) and the
 * conversation the client opened by requesting it (the greeting is the client's message). Returns its id.
 */
export async function requestedConversation(
  app: TestApp,
  provider: TestUser,
  client: TestUser,
  { title = 'Tutoring session', price = 80 }: { title?: string; price?: number } = {},
) {
  const { ok } = trpcAs(app);
  const service = await ok(provider, 'services.create', {
    title: `${title} ${Math.random().toString(36).slice(2, 7)}`,
    description: 'One hour of algebra tutoring over video.',
    category_id: SERVICE_CATEGORIES[0]!.id,
    price,
    pricing_type: 'fixed',
    delivery_method: 'virtual',
    service_location: null,
    image_url: '',
  });
  return (await ok(client, 'conversations.request', { serviceId: service.id })).id;
}

/** A conversation about a new service, agreed at `price` dollars and paid with Stripe's 4242 test card. */
export async function paidConversation(app: TestApp, provider: TestUser, client: TestUser, price = 80) {
  const { ok } = trpcAs(app);
  const id = await requestedConversation(app, provider, client, { price });
  await ok(client, 'conversations.acceptOriginal', { id, priceCents: price * 100, pricingType: 'fixed' });
  const { paymentIntentId } = await ok(client, 'payments.start', { conversationId: id });
  const result = await ok(client, 'payments.payWithTestCard', {
    conversationId: id,
    paymentIntentId,
    number: '4242424242424242',
    expiry: '12/34',
    cvc: '123',
  });
  expect(result.status).toBe('succeeded');
  return id;
}
