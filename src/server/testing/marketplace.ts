import { expect } from 'vitest';
import { SERVICE_CATEGORIES } from '../../domain/categories';
import { callTrpc, signUp, userIdOf, type SignUpInput, type TestApp } from './test-app';

/** A signed-in test user: the cookie a browser would hold, and the id. */
export type TestUser = { cookie: string; id: string; email: string };

export async function testUser(app: TestApp, input: SignUpInput = {}): Promise<TestUser> {
  const { cookie, body } = await signUp(app, input);
  return { cookie, id: await userIdOf(app, cookie), email: body.email };
}

export function trpcAs(app: TestApp) {
  const call = (who: TestUser | null, path: string, input?: unknown, method: 'GET' | 'POST' = 'POST') =>
    callTrpc(app, path, { method, input, cookie: who?.cookie });
  async function ok<T>(who: TestUser, path: string, input?: unknown, method: 'GET' | 'POST' = 'POST') {
    const result = await call(who, path, input, method);
    expect(result.status, `${path} ${JSON.stringify(result.error)}`).toBe(200);
    return result.data as T;
  }
  return { call, ok };
}

/** The provider's payout account, onboarded through test mode's own pages, so it is Ready. */
export async function onboardProvider(app: TestApp, who: TestUser) {
  const { ok } = trpcAs(app);
  const { url } = await ok<{ url: string }>(who, 'payouts.createAccount', {});
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

/** A conversation about a new service, agreed at `price` dollars and paid with Stripe's 4242 test card. */
export async function paidConversation(app: TestApp, provider: TestUser, client: TestUser, price = 80) {
  const { ok } = trpcAs(app);
  const service = await ok<{ id: string }>(provider, 'services.create', {
    title: `Tutoring session ${Math.random().toString(36).slice(2, 7)}`,
    description: 'One hour of algebra tutoring over video.',
    category_id: SERVICE_CATEGORIES[0]!.id,
    price,
    pricing_type: 'fixed',
    delivery_method: 'virtual',
    service_location: null,
    image_url: '',
  });
  const { id } = await ok<{ id: string }>(client, 'conversations.request', { serviceId: service.id });
  await ok(client, 'conversations.acceptOriginal', { id, priceCents: price * 100, pricingType: 'fixed' });
  const { paymentIntentId } = await ok<{ paymentIntentId: string }>(client, 'payments.start', { conversationId: id });
  const result = await ok<{ status: string }>(client, 'payments.payWithTestCard', {
    conversationId: id,
    paymentIntentId,
    number: '4242424242424242',
    expiry: '12/34',
    cvc: '123',
  });
  expect(result.status).toBe('succeeded');
  return id;
}
