import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { SERVICE_CATEGORIES } from '../../../domain/categories';
import { messageBody, noticeText } from '../../../domain/messages';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../../db/schema/audit';
import { messages } from '../../db/schema/conversations';
import {
  ADMIN_TEST_PASSWORD,
  callTrpc,
  createTestApp,
  signInAdmin,
  signUp,
  TEST_ORIGIN,
  uniqueEmail,
  userIdOf,
  type TestApp,
} from '../../testing/test-app';
import { trpcAs } from '../../testing/marketplace';

let app: TestApp;
type User = { cookie: string; id: string };
let provider: User;
let client: User;
let stranger: User;
let admin: User;
let serviceId: string;

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

beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAIL: uniqueEmail('admin'), ADMIN_PASSWORD: ADMIN_TEST_PASSWORD });
  admin = await signInAdmin(app);
  provider = await user('Pia');
  client = await user('Carl');
  stranger = await user('Sam');
});
afterAll(() => app.close());

beforeEach(async () => {
  const created = await ok(provider, 'services.create', {
    title: 'Logo design sprint',
    description: 'Three logo concepts and two rounds of changes.',
    category_id: SERVICE_CATEGORIES[1]!.id,
    price: 50,
    pricing_type: 'fixed',
    delivery_method: 'virtual',
    service_location: null,
    image_url: '',
  });
  serviceId = created.id;
});

describe('requesting a service', () => {
  it('opens one conversation per client with a greeting naming the service', async () => {
    const first = await ok(client, 'conversations.request', { serviceId });
    const again = await ok(client, 'conversations.request', { serviceId });
    expect(again).toEqual({ id: first.id, created: false });
    expect(await texts(client, first.id)).toEqual(['Hi! I\'d like to request your service "Logo design sprint".']);
    const list = await ok(provider, 'conversations.list');
    expect(list.find((c) => c.id === first.id)).toMatchObject({ otherFirstName: 'Carl', unread: 1 });
  });

  it('two presses at once still make one conversation', async () => {
    const [a, b] = await Promise.all([
      ok(client, 'conversations.request', { serviceId }),
      ok(client, 'conversations.request', { serviceId }),
    ]);
    expect(a.id).toBe(b.id);
  });

  it('refuses requesting your own service', async () => {
    const result = await call(provider, 'conversations.request', { serviceId });
    expect(result.error?.message).toBe('You cannot request your own service');
  });

  it('a visitor cannot request', async () => {
    const result = await callTrpc(app, 'conversations.request', { input: { serviceId } });
    expect(result.status).toBe(401);
  });
});

describe('access', () => {
  it('a third user gets "You don\'t have access to this conversation" for every query and action', async () => {
    const { id } = await ok(client, 'conversations.request', { serviceId });
    const attempts = {
      'conversations.get': () => call(stranger, 'conversations.get', { id }),
      'conversations.messages': () => call(stranger, 'conversations.messages', { id }),
      'conversations.markRead': () => call(stranger, 'conversations.markRead', { id }),
      'conversations.send': () => call(stranger, 'conversations.send', { id, text: 'hello' }),
      'conversations.propose': () => call(stranger, 'conversations.propose', { id, price: 1, pricingType: 'fixed' }),
      'conversations.act': () => call(stranger, 'conversations.act', { id, action: 'accept' }),
    };
    for (const [path, attempt] of Object.entries(attempts)) {
      const result = await attempt();
      expect(result.error?.message, path).toBe("You don't have access to this conversation");
    }
    expect(await texts(client, id)).toHaveLength(1);
    const list = await ok(stranger, 'conversations.list');
    expect(list).toHaveLength(0);
  });

  it('a third user cannot subscribe to its live events', async () => {
    const { id } = await ok(client, 'conversations.request', { serviceId });
    const ws: WebSocket = await app.server.injectWS('/api/trpc', {
      headers: { origin: TEST_ORIGIN, cookie: stranger.cookie },
    });
    const replies: { error?: { message: string } }[] = [];
    ws.on('message', (data) => String(data) !== 'PING' && replies.push(JSON.parse(String(data))));
    ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'conversations.events', input: { id } } }));
    await expect.poll(() => JSON.stringify(replies)).toContain("You don't have access to this conversation");
    ws.terminate();
  });

  it('a page refreshing many queries in one batch is answered (the batch path is long)', async () => {
    const { id } = await ok(client, 'conversations.request', { serviceId });
    const paths = ['conversations.unread', 'conversations.get', 'settlement.history', 'conversations.messages'];
    const batch = [...paths, ...paths];
    const input = Object.fromEntries(
      batch.map((path, i) => [
        i,
        path === 'conversations.unread' ? undefined : path.startsWith('settlement') ? { conversationId: id } : { id },
      ]),
    );
    const response = await app.server.inject({
      method: 'GET',
      url: `/api/trpc/${batch.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
      headers: { origin: TEST_ORIGIN, cookie: client.cookie },
    });
    expect(batch.join(',').length).toBeGreaterThan(100);
    expect(response.statusCode).toBe(200);
    expect((response.json() as unknown[]).length).toBe(batch.length);
  });

  it('only admins may watch a conversation’s state changes without being in it', async () => {
    const { id } = await ok(client, 'conversations.request', { serviceId });
    for (const who of [stranger, client]) {
      const ws: WebSocket = await app.server.injectWS('/api/trpc', {
        headers: { origin: TEST_ORIGIN, cookie: who.cookie },
      });
      const replies: unknown[] = [];
      ws.on('message', (data) => String(data) !== 'PING' && replies.push(JSON.parse(String(data))));
      ws.send(
        JSON.stringify({ id: 1, method: 'subscription', params: { path: 'conversations.adminEvents', input: { id } } }),
      );
      await expect.poll(() => JSON.stringify(replies)).toContain('Admin access required to view this page');
      ws.terminate();
    }
  });
});

describe('negotiation, enforced by the server', () => {
  it('propose, reject, propose, accept; then only pay is open to the client', async () => {
    const { id } = await ok(client, 'conversations.request', { serviceId });
    expect((await details(client, id)).actions.sort()).toEqual(['acceptOriginal', 'propose']);
    await ok(provider, 'conversations.propose', { id, price: 80, pricingType: 'fixed' });
    // The proposer cannot accept their own proposal.
    expect((await call(provider, 'conversations.act', { id, action: 'accept' })).status).toBe(409);
    await ok(client, 'conversations.act', { id, action: 'reject' });
    expect((await call(client, 'conversations.act', { id, action: 'accept' })).status).toBe(409);
    await ok(provider, 'conversations.propose', { id, price: 60.5, pricingType: 'hourly' });
    await ok(client, 'conversations.act', { id, action: 'accept' });
    const after = await details(client, id);
    expect(after.state.finalPriceCents).toBe(6050);
    expect(after.actions).toEqual(['pay']);
    expect(await texts(provider, id)).toEqual([
      expect.stringContaining('Hi!'),
      '(price_proposed) Proposed $80.00/job',
      '(price_rejected) Rejected $80.00/job',
      '(price_proposed) Proposed $60.50/hour',
      '(price_accepted) Accepted $60.50/hour',
    ]);
    // Adjusting after agreement and starting before payment are refused whatever the client sends.
    expect((await call(provider, 'conversations.propose', { id, price: 1, pricingType: 'fixed' })).status).toBe(409);
    expect((await call(provider, 'conversations.act', { id, action: 'start' })).status).toBe(409);
    expect((await call(client, 'conversations.act', { id, action: 'complete' })).status).toBe(409);
  });

  it('only the client accepts the original price; both accepting at once ends in one agreement', async () => {
    const { id } = await ok(client, 'conversations.request', { serviceId });
    const listing = { priceCents: 5000, pricingType: 'fixed' as const };
    expect((await call(provider, 'conversations.acceptOriginal', { id, ...listing })).status).toBe(409);
    await ok(provider, 'conversations.propose', { id, price: 45, pricingType: 'fixed' });
    const results = await Promise.all([
      call(client, 'conversations.act', { id, action: 'accept' }),
      call(client, 'conversations.acceptOriginal', { id, ...listing }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const accepted = (await texts(client, id)).filter((t) => /^\((price_accepted|original_price_accepted)\)/.test(t));
    expect(accepted).toHaveLength(1);
  });

  it('a proposal must be a valid price', async () => {
    const { id } = await ok(client, 'conversations.request', { serviceId });
    const result = await call(client, 'conversations.propose', { id, price: 0, pricingType: 'fixed' });
    expect(result.error?.message).toBe('Please enter a valid price');
  });
});

describe('an admin reset, in the audit log', () => {
  const resetEntries = (id: string) =>
    app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'conversation.reset'), eq(auditEvents.subjectId, id)));

  it('writes one entry naming the admin and what was cleared; a refused reset writes none', async () => {
    const { id } = await ok(client, 'conversations.request', { serviceId });
    await ok(provider, 'conversations.propose', { id, price: 45, pricingType: 'fixed' });
    await ok(client, 'conversations.act', { id, action: 'accept' });

    for (const who of [client, provider, stranger])
      expect((await call(who, 'conversations.reset', { id })).status).toBe(403);
    expect((await call(null, 'conversations.reset', { id })).status).toBe(401);
    expect(await resetEntries(id)).toHaveLength(0);

    await ok(admin, 'conversations.reset', { id });
    const entries = await resetEntries(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      details: { finalPriceCents: 4500, serviceStarted: false, completed: false },
    });

    // A conversation that does not exist: refused, and nothing recorded under its id.
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call(admin, 'conversations.reset', { id: missing })).status).toBe(404);
    expect(await resetEntries(missing)).toHaveLength(0);
  });
});

describe('messages', () => {
  it('are trimmed, refused when empty, and marked read when the other party opens the conversation', async () => {
    const { id } = await ok(client, 'conversations.request', { serviceId });
    expect((await call(client, 'conversations.send', { id, text: '   ' })).status).toBe(400);
    await ok(client, 'conversations.send', { id, text: '  Can you start Monday?  ' });
    expect((await texts(provider, id)).at(-1)).toBe('Can you start Monday?');
    const unread = () => ok(provider, 'conversations.list').then((l) => l.find((c) => c.id === id)!.unread);
    expect(await unread()).toBe(2);
    expect(await ok(provider, 'conversations.markRead', { id })).toEqual({ read: 2 });
    expect(await unread()).toBe(0);
  });

  it('a long conversation opens with its newest 500; earlier pages of 100 follow, to the first; only for members', async () => {
    const { id } = await ok(client, 'conversations.request', { serviceId });
    const start = Date.now() - 1000 * 60_000;
    await app.database.db.insert(messages).values(
      Array.from({ length: 650 }, (_, n) => ({
        conversationId: id,
        senderId: n % 2 ? provider.id : client.id,
        text: `m${n}`,
        createdAt: new Date(start + n * 1000),
      })),
    );
    type Message = { id: string; createdAt: string };
    const first = await ok(client, 'conversations.messages', { id });
    expect(first).toHaveLength(500);
    expect(first.at(-1)!.text).toMatch(/^Hi! I'd like to request your service/);
    expect(first[0]!.text).toBe('m151');
    const earlier = (before: Message, who = client) =>
      call(who, 'conversations.earlierMessages', { id, before: { createdAt: before.createdAt, id: before.id } });
    const page = (await earlier(first[0]!)).data!;
    expect(page.map((m) => m.text)).toEqual(Array.from({ length: 100 }, (_, n) => `m${n + 51}`));
    const last = (await earlier(page[0]!)).data!;
    expect(last.map((m) => m.text)).toEqual(Array.from({ length: 51 }, (_, n) => `m${n}`));
    expect((await earlier(last[0]!)).data).toEqual([]);
    expect((await earlier(first[0]!, stranger)).status).toBe(403);
  });
});

describe('offers on requests', () => {
  it('the offerer becomes the provider with the first proposal; the poster cannot offer on their own', async () => {
    const request = await ok(client, 'requests.create', {
      title: 'Need a tutor for algebra',
      description: 'Two sessions a week.',
      service_category_id: SERVICE_CATEGORIES[5]!.id,
      pricing_type: 'hourly',
      budget: '30',
      image_url: '',
    });
    expect(
      (
        await call(client, 'conversations.offer', {
          requestId: request.id,
          price: 25,
          pricingType: 'hourly',
          message: 'I can help',
        })
      ).error?.message,
    ).toBe('You cannot send an offer on your own request');
    const { id } = await ok(provider, 'conversations.offer', {
      requestId: request.id,
      price: 25,
      pricingType: 'hourly',
      message: 'I tutor algebra every week.',
    });
    const seen = await details(client, id);
    expect(seen.party).toBe('client');
    expect(seen.state.latestProposal).toMatchObject({ priceCents: 2500, by: 'provider' });
    expect(seen.actions.sort()).toEqual(['accept', 'propose', 'reject']);
    const mine = await ok(client, 'requests.mine');
    expect(mine.find((r) => r.id === request.id)?.offerCount).toBe(1);
  });
});

describe('account deletion', () => {
  it('the other party keeps the conversation and its messages; the deleted side reads as unknown', async () => {
    const { cookie, body } = await signUp(app, { firstName: 'Gone' });
    const leaving = { cookie, id: await userIdOf(app, cookie) };
    const { id } = await ok(leaving, 'conversations.request', { serviceId });
    await ok(leaving, 'conversations.send', { id, text: 'Bye for now' });
    await ok(leaving, 'accounts.deleteAccount', { confirmEmail: body.email, password: body.password });
    const list = await ok(provider, 'conversations.list');
    expect(list.find((c) => c.id === id)).toMatchObject({ otherFirstName: null, otherLastName: null });
    expect((await texts(provider, id)).at(-1)).toBe('Bye for now');
    const seen = await details(provider, id);
    expect(seen.party).toBe('provider');
  });
});
