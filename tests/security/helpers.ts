/**
 * Shared tools of the security battery (tests/security): the procedure inventory read from the real router, calls
 * as a browser makes them (HTTP and WebSocket), database snapshots to prove that a refused attack changed nothing,
 * one "world" of two users' objects for a third user to attack, and a file's server with the ways a session ends.
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import type WebSocket from 'ws';
import type { ZodType } from 'zod';
import { SERVICE_CATEGORIES } from '../../src/domain/categories';
import { userRoles } from '../../src/server/db/schema/profiles';
import { appRouter } from '../../src/server/router';
import {
  onboardProvider,
  paidConversation,
  testUser,
  trpcAs,
  type TestUser,
} from '../../src/server/testing/marketplace';
import {
  callRaw,
  createTestApp,
  signIn,
  STRONG_PASSWORD,
  TEST_ORIGIN,
  upload,
  type TestApp,
  type TrpcResult,
} from '../../src/server/testing/test-app';
import { adminProcedure, authedProcedure } from '../../src/server/trpc';

export type { TestUser } from '../../src/server/testing/marketplace';

// ---------------------------------------------------------------------------------------------------------------
// The procedure inventory

export type ProcedureType = 'query' | 'mutation' | 'subscription';
export type Guard = 'public' | 'authed' | 'admin';
export interface ProcedureInfo {
  path: string;
  type: ProcedureType;
  guard: Guard;
  /** The zod schema of its input, or null when it takes none. */
  input: ZodType | null;
}

interface ProcedureDef {
  _def: { type: ProcedureType; middlewares: unknown[]; inputs: ZodType[] };
}

/**
 * Every procedure of the real router with the tier it is built on. The tier is read from the middlewares each
 * procedure carries (adminProcedure's and authedProcedure's are shared by reference), not from its name.
 */
export function procedureInventory(): ProcedureInfo[] {
  const middlewares = (p: unknown) => (p as ProcedureDef)._def.middlewares;
  const carries = (all: unknown[], tier: unknown) => middlewares(tier).every((m) => all.includes(m));
  const procedures = (appRouter as unknown as { _def: { procedures: Record<string, ProcedureDef> } })._def.procedures;
  return Object.entries(procedures)
    .map(([path, procedure]) => {
      const all = procedure._def.middlewares;
      const guard: Guard = carries(all, adminProcedure) ? 'admin' : carries(all, authedProcedure) ? 'authed' : 'public';
      return { path, type: procedure._def.type, guard, input: procedure._def.inputs[0] ?? null };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

// ---------------------------------------------------------------------------------------------------------------
// Calls

export type CallResult = TrpcResult;

/** Calls a query (GET) or mutation (POST) over HTTP as the browser does, with or without a signed-in user. */
export function callProcedure(app: TestApp, who: TestUser | null, procedure: ProcedureInfo, input?: unknown) {
  return callRaw(app, procedure.path, {
    method: procedure.type === 'query' ? 'GET' : 'POST',
    input,
    cookie: who?.cookie,
  });
}

export type WsReply = {
  id: number;
  result?: { type: string; data?: unknown };
  error?: { message: string; data?: { code: string; httpStatus?: number } };
};

/** Opens the tRPC WebSocket of this site as a browser tab does; the cookie is the signed-in user's, if any. */
export async function openSocket(app: TestApp, who: TestUser | null) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (who) headers.cookie = who.cookie;
  const ws: WebSocket = await app.server.injectWS('/api/trpc', { headers });
  const replies: WsReply[] = [];
  const byId = new Map<number, WsReply[]>();
  // Checks waiting for a reply, run as each one arrives: a poll would sleep its interval (50 ms) on every call, and
  // the fuzzing makes thousands.
  const waiting = new Set<() => void>();
  ws.on('message', (data) => {
    const text = String(data);
    if (text === 'PING' || text === 'PONG') return;
    const reply = JSON.parse(text) as WsReply;
    replies.push(reply);
    byId.set(reply.id, [...(byId.get(reply.id) ?? []), reply]);
    for (const check of [...waiting]) check();
  });
  /** Resolves once `done()` holds, false if it still does not after `ms`. */
  const until = (done: () => boolean, ms: number) =>
    new Promise<boolean>((resolve) => {
      const finish = (result: boolean) => {
        clearTimeout(timer);
        waiting.delete(check);
        resolve(result);
      };
      const check = () => {
        if (done()) finish(true);
      };
      const timer = setTimeout(() => finish(done()), ms);
      waiting.add(check);
      check();
    });
  const mine = (id: number) => byId.get(id) ?? [];
  const final = (id: number) => mine(id).find((r) => r.error || r.result?.type === 'data');
  let nextId = 1;
  const start = (path: string, input: unknown) => {
    const id = nextId++;
    ws.send(JSON.stringify({ id, method: 'subscription', params: { path, input } }));
    return id;
  };
  /**
   * Starts subscriptions for many inputs at once (the fuzzing's hundreds), gives each "started" the same `settleMs`
   * for an error or data to follow, then stops them all; resolves with each outcome, as `subscribe` does.
   */
  const subscribeAll = async (path: string, inputs: unknown[], settleMs = 300): Promise<WsReply[]> => {
    const ids = inputs.map((input) => start(path, input));
    expect(await until(() => ids.every((id) => mine(id).length > 0), 5_000), `no reply to ${path}`).toBe(true);
    if (settleMs > 0) await until(() => ids.every((id) => final(id) !== undefined), settleMs);
    for (const id of ids) ws.send(JSON.stringify({ id, method: 'subscription.stop' }));
    return ids.map((id) => final(id) ?? mine(id)[0]!);
  };
  return {
    ws,
    replies,
    /**
     * Starts a subscription and resolves with its outcome: its error if refused, else its first reply. tRPC may
     * answer "started" before the procedure's own check runs, so a "started" is only final after `settleMs`
     * without an error (and a check that fails later still shows up as the error).
     */
    async subscribe(path: string, input?: unknown, settleMs = 300): Promise<WsReply> {
      const [outcome] = await subscribeAll(path, [input], settleMs);
      return outcome!;
    },
    subscribeAll,
    /** A query or mutation over the socket, as the web sends its SOCKET_CALLS; resolves with the reply. */
    async call(method: 'query' | 'mutation', path: string, input?: unknown): Promise<WsReply> {
      const id = nextId++;
      ws.send(JSON.stringify({ id, method, params: { path, input } }));
      expect(await until(() => replies.some((r) => r.id === id), 5_000), `no reply to ${path}`).toBe(true);
      return replies.find((r) => r.id === id)!;
    },
    /** Every reply a subscription has had so far (to prove no data ever arrived). */
    repliesOf: mine,
    close: () => ws.terminate(),
  };
}

/** A status a refusal may have: anything in 4xx. */
export function isClientError(status: number): boolean {
  return status >= 400 && status < 500;
}

// ---------------------------------------------------------------------------------------------------------------
// Database snapshots (read-only)

/**
 * Tables that legitimately change without the attacked object changing: sessions and verifications (sign-ins),
 * presence (heartbeats), audit_events (a refused attempt is recorded there, by design), and any outbox, handler or
 * rate-limit bookkeeping other features keep.
 */
export const VOLATILE_TABLE = /^(sessions|verifications|presence|audit_events)$|outbox|handler|rate_limit|limiter/;

export async function businessTables(app: TestApp): Promise<string[]> {
  const result = await app.database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return result.rows.map((r) => r.table_name).filter((name) => !VOLATILE_TABLE.test(name));
}

export type Snapshot = Record<string, string[]>;

/** Every row of every business table as JSON text, sorted: compare two snapshots with `expectSameRows`. */
export async function snapshot(app: TestApp, tables?: string[]): Promise<Snapshot> {
  // Handlers write after commits (progression): a snapshot taken mid-way would differ for no fault of the call.
  await app.events.drain();
  const result: Snapshot = {};
  for (const table of tables ?? (await businessTables(app))) {
    const rows = await app.database.db.execute<{ r: string }>(
      sql.raw(`select row_to_json(t)::text as r from "${table}" t order by 1`),
    );
    result[table] = rows.rows.map((row) => row.r);
  }
  return result;
}

/** Fails naming the tables whose rows (count or content) differ. */
export function expectSameRows(before: Snapshot, after: Snapshot, what: string) {
  const changed = Object.keys({ ...before, ...after }).filter(
    (table) => JSON.stringify(before[table] ?? []) !== JSON.stringify(after[table] ?? []),
  );
  const detail = changed.map((table) => {
    const was = new Set(before[table] ?? []);
    const now = new Set(after[table] ?? []);
    return {
      table,
      rows: `${was.size} -> ${now.size}`,
      added: [...now].filter((r) => !was.has(r)).slice(0, 2),
      removed: [...was].filter((r) => !now.has(r)).slice(0, 2),
    };
  });
  expect(detail, `${what}: rows changed`).toEqual([]);
}

/** One hash of every business table's content: cheap enough to take after each of thousands of calls. */
export async function fingerprint(app: TestApp, tables: string[]): Promise<string> {
  await app.events.drain();
  const parts = tables.map((t) => `select '${t}:' || row_to_json(x)::text as r from "${t}" x`).join(' union all ');
  const result = await app.database.db.execute<{ h: string | null }>(
    sql.raw(`select md5(string_agg(r, '|' order by r)) as h from (${parts}) s`),
  );
  return result.rows[0]?.h ?? '';
}

// ---------------------------------------------------------------------------------------------------------------
// Users and objects

/** Test setup only: grants the admin role directly in the database, as an operator's bootstrap would. */
export async function makeAdmin(app: TestApp, user: TestUser) {
  await app.database.db.insert(userRoles).values({ userId: user.id, role: 'admin' }).onConflictDoNothing();
}

/** A real 8 x 8 PNG, so uploads pass the content checks. */
export async function tinyPng(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
}

export const CATEGORY_ID = SERVICE_CATEGORIES[0]!.id;

export const validService = (title = 'Algebra tutoring hour') => ({
  title,
  description: 'One hour of algebra tutoring over video, with notes.',
  category_id: CATEGORY_ID,
  price: 40,
  pricing_type: 'fixed' as const,
  delivery_method: 'virtual' as const,
  service_location: null,
  image_url: '',
});

export const validRequest = (title = 'Need help with my essay') => ({
  title,
  description: 'Proofreading of a 1500-word history essay this week.',
  service_category_id: CATEGORY_ID,
  pricing_type: 'fixed' as const,
  budget: '25',
  image_url: '',
});

export const validPortfolioItem = (title = 'Robotics club website') => ({
  title,
  description: 'Built with my classmates.',
  projectUrl: 'https://example.com/robotics',
  imageUrl: '',
});

/** The client accepts the listing price as it was shown to them (the shown price is sent and compared). */
export async function acceptListingPrice(app: TestApp, client: TestUser, conversationId: string, priceCents: number) {
  await trpcAs(app).ok(client, 'conversations.acceptOriginal', {
    id: conversationId,
    priceCents,
    pricingType: 'fixed',
  });
}

/**
 * Two users and everything they own, for a third user (the attacker) to try by id. The provider is an adult with a
 * Ready payout account; the client is a minor whose payouts name a guardian. Private values are unique strings,
 * so a response that leaks one is found by searching for it.
 */
export interface World {
  provider: TestUser;
  client: TestUser;
  attacker: TestUser;
  providerDateOfBirth: string;
  clientDateOfBirth: string;
  guardianEmail: string;
  providerStripeAccountId: string;
  clientStripeAccountId: string;
  serviceId: string;
  requestId: string;
  portfolioItemId: string;
  /** The provider's uploads: a portfolio image in use, and a service image not yet attached. */
  portfolioImageUrl: string;
  serviceImageUrl: string;
  /** Pending: the provider proposed a price the client has not answered. */
  proposalConversationId: string;
  /** Agreed and the client started paying: the payment intent is theirs. */
  unpaidConversationId: string;
  unpaidPaymentIntentId: string;
  /** Paid, not started: the client may cancel or dispute. */
  paidConversationId: string;
  /** Paid and completed: the client may confirm and review. */
  completedConversationId: string;
  /** Paid and disputed: an admin may resolve. */
  disputedConversationId: string;
  /** The first message of the paid conversation, for earlierMessages. */
  firstMessage: { id: string; createdAt: string };
  /** The provider's private chat room, the client a member; a message of the client's in it. */
  roomId: string;
  roomMessage: { id: string; sentAt: string };
  /** The client's feedback item: only the client and admins may see it. */
  feedbackId: string;
  /** One of the provider's notifications (a request of their service). */
  notificationId: string;
}

export async function buildWorld(app: TestApp): Promise<World> {
  const { ok } = trpcAs(app);
  const providerDateOfBirth = '2001-07-19';
  const clientDateOfBirth = '2012-05-23';
  const provider = await testUser(app, { firstName: 'Priya', dateOfBirth: providerDateOfBirth });
  const client = await testUser(app, { firstName: 'Cole', dateOfBirth: clientDateOfBirth });
  const attacker = await testUser(app, { firstName: 'Mallory' });
  await ok(provider, 'profiles.update', {
    firstName: 'Priya',
    lastName: 'Provider',
    bio: 'I tutor algebra.',
    school: 'North High',
    dateOfBirth: providerDateOfBirth,
  });

  const providerStripeAccountId = await onboardProvider(app, provider);
  const guardianEmail = `guardian-${client.id.slice(0, 8)}@example.com`;
  const { url } = await ok(client, 'payouts.createAccount', { guardian_email: guardianEmail });
  const clientStripeAccountId = new URL(url, 'http://x').pathname.split('/').at(-1)!;

  const png = await tinyPng();
  const portfolioImage = await upload(app, 'portfolio', png, { cookie: provider.cookie });
  const serviceImage = await upload(app, 'service', png, { cookie: provider.cookie });
  expect(portfolioImage.status).toBe(200);
  expect(serviceImage.status).toBe(200);
  const portfolioItem = await ok(provider, 'portfolio.create', {
    ...validPortfolioItem(),
    imageUrl: portfolioImage.json.url!,
  });
  const service = await ok(provider, 'services.create', validService());
  const request = await ok(client, 'requests.create', validRequest());

  const proposal = await ok(client, 'conversations.request', { serviceId: service.id });
  await ok(provider, 'conversations.propose', { id: proposal.id, price: 55, pricingType: 'fixed' });

  const unpaidService = await ok(provider, 'services.create', validService('Essay feedback round'));
  const unpaid = await ok(client, 'conversations.request', { serviceId: unpaidService.id });
  await acceptListingPrice(app, client, unpaid.id, validService().price * 100);
  const { paymentIntentId } = await ok(client, 'payments.start', {
    conversationId: unpaid.id,
  });

  const paidConversationId = await paidConversation(app, provider, client, 60);
  const completedConversationId = await paidConversation(app, provider, client, 70);
  await ok(provider, 'conversations.act', { id: completedConversationId, action: 'start' });
  await ok(provider, 'conversations.act', { id: completedConversationId, action: 'complete' });
  const disputedConversationId = await paidConversation(app, provider, client, 90);
  await ok(client, 'settlement.dispute', {
    conversationId: disputedConversationId,
    reason: 'Not as described',
    description: 'The notes never arrived.',
  });
  await ok(client, 'conversations.send', { id: paidConversationId, text: 'See you on Monday!' });
  const messages = await ok(client, 'conversations.messages', { id: paidConversationId });
  const room = await ok(provider, 'rooms.create', { name: 'Provider lounge', description: '', isPrivate: true });
  await ok(provider, 'rooms.addMember', { id: room.id, userId: client.id });
  const roomMessage = await ok(client, 'roomMessages.send', { roomId: room.id, content: 'My bus leaves at 4.' });
  await ok(provider, 'roomMessages.react', { messageId: roomMessage.id, emoji: '👍' });
  const feedbackItem = await ok(client, 'feedback.submit', {
    title: 'Client feedback',
    category: 'General',
    message: 'The client wrote this.',
  });
  await app.events.drain();
  const { rows: notificationRows } = await app.database.db.execute<{ id: string }>(
    sql`select id from notifications where recipient_id = ${provider.id} limit 1`,
  );

  return {
    provider,
    client,
    attacker,
    providerDateOfBirth,
    clientDateOfBirth,
    guardianEmail,
    providerStripeAccountId,
    clientStripeAccountId,
    serviceId: service.id,
    requestId: request.id,
    portfolioItemId: portfolioItem.id,
    portfolioImageUrl: portfolioImage.json.url!,
    serviceImageUrl: serviceImage.json.url!,
    proposalConversationId: proposal.id,
    unpaidConversationId: unpaid.id,
    unpaidPaymentIntentId: paymentIntentId,
    paidConversationId,
    completedConversationId,
    disputedConversationId,
    firstMessage: { id: messages[0]!.id, createdAt: new Date(messages[0]!.createdAt).toISOString() },
    roomId: room.id,
    roomMessage: { id: roomMessage.id, sentAt: roomMessage.sentAt },
    feedbackId: feedbackItem.id,
    notificationId: notificationRows[0]!.id,
  };
}

/**
 * A valid input for every procedure that takes one, aimed at the world's objects (the victims'), so a refusal is an
 * access decision and not a validation error. Procedures added later must be added here (a test checks).
 */
export function inputsAgainst(world: World): Record<string, unknown> {
  const w = world;
  const card = { number: '4242424242424242', expiry: '12/34', cvc: '123' };
  return {
    'accounts.isAdmin': { userId: w.provider.id },
    'accounts.deleteAccount': { confirmEmail: w.provider.email, password: STRONG_PASSWORD },
    'accounts.sessionEvents': {},
    'progression.checkIn': { timeZone: 'Europe/Paris' },
    'progression.events': {},
    'notifications.list': {},
    'notifications.events': {},
    // Blocks are the caller's own: naming the victim blocks them for the caller only, never tells the victim.
    'blocks.block': { userId: w.provider.id },
    'blocks.unblock': { userId: w.provider.id },
    'blocks.status': { userId: w.provider.id },
    'blocks.list': {},
    'blocks.events': {},
    'notifications.markRead': { id: w.notificationId },
    // Settings and push act on the caller only: no input names another member's.
    'notificationSettings.update': {
      pushEnabled: false,
      emailEnabled: false,
      quietHours: null,
      timeZone: null,
      kinds: { message: { inApp: false, email: false, push: false } },
    },
    'push.subscribe': {
      endpoint: 'https://fcm.googleapis.com/fcm/send/attacker',
      keys: { p256dh: 'BPb0', auth: 'YXV0aA' },
    },
    'push.unsubscribe': { endpoint: 'https://fcm.googleapis.com/fcm/send/victim' },
    'feedback.submit': { title: 'Attacker feedback', category: 'General', message: 'Hello' },
    'feedback.events': {},
    'feedback.adminEvents': {},
    'feedback.adminList': { status: 'unresolved', limit: 10 },
    'feedback.respond': { id: w.feedbackId, response: 'Closed by attacker' },
    'feedback.resolve': { id: w.feedbackId },
    'reports.submit': { serviceId: w.serviceId, reason: 'Other', description: 'Attack' },
    'reports.counts': { serviceIds: [w.serviceId] },
    'reports.forService': { serviceId: w.serviceId },
    'reports.adminEvents': {},
    'polls.vote': { pollId: '00000000-0000-4000-8000-000000000000', vote: 'yes' },
    'polls.create': { pollType: 'service_deletion', serviceId: w.serviceId, description: 'Attack' },
    'polls.events': {},
    'adminServices.list': {},
    'adminServices.delete': { serviceId: w.serviceId, reason: 'Attack' },
    'adminServices.restore': { serviceId: w.serviceId, reason: 'Attack' },
    'adminServices.dismissPoll': { pollId: '00000000-0000-4000-8000-000000000000', reason: 'Attack' },
    'audit.list': { actorId: w.provider.id, subjectId: w.serviceId },
    'memberReports.submit': { targetKind: 'direct_message', targetId: w.firstMessage.id, reason: 'spam' },
    'memberReports.queue': { sort: 'most' },
    'memberReports.resolve': { action: 'dismiss', targetKind: 'member', targetId: w.provider.id, reason: 'Attack' },
    'memberReports.events': {},
    'adminUsers.list': {},
    'adminUsers.newsletterOnly': {},
    'adminUsers.delete': { userId: w.provider.id, reason: 'Attack' },
    'adminUsers.setAdmin': { userId: w.attacker.id, admin: true, reason: 'Attack' },
    'adminUsers.suspend': { userId: w.provider.id, days: null, reason: 'Attack' },
    'adminUsers.unsuspend': { userId: w.provider.id, reason: 'Attack' },
    'adminUsers.events': {},
    'schools.create': { name: 'Attack Academy', domains: ['attack.edu'] },
    'schools.rename': { schoolId: '00000000-0000-4000-8000-000000000000', name: 'Attack' },
    'schools.remove': { schoolId: '00000000-0000-4000-8000-000000000000' },
    'schools.addDomain': { schoolId: '00000000-0000-4000-8000-000000000000', domain: 'attack.edu' },
    'schools.removeDomain': { domainId: '00000000-0000-4000-8000-000000000000' },
    'schools.setEmail': { address: w.provider.email },
    'schools.verify': { token: 'not-a-token' },
    'profiles.update': {
      firstName: 'Mallory',
      lastName: 'Attacker',
      bio: '',
      school: '',
      dateOfBirth: '',
    },
    'profiles.public': { userId: w.provider.id },
    'profiles.events': {},
    'portfolio.list': { userId: w.provider.id },
    'portfolio.create': validPortfolioItem('Not my robotics site'),
    'portfolio.update': { id: w.portfolioItemId, fields: validPortfolioItem('Defaced') },
    'portfolio.delete': { id: w.portfolioItemId },
    'portfolio.events': { userId: w.provider.id },
    'presence.setStatus': { status: 'busy' },
    'presence.of': { userIds: [w.provider.id, w.client.id] },
    'presence.events': {},
    'services.list': {},
    'services.byUser': { userId: w.provider.id },
    'services.get': { id: w.serviceId },
    'services.create': validService('Copied tutoring hour'),
    'services.update': { id: w.serviceId, fields: { ...validService('Defaced service'), category_id: null } },
    'services.delete': { id: w.serviceId },
    'requests.list': {},
    'requests.get': { id: w.requestId },
    'requests.create': validRequest('Copied essay request'),
    'requests.update': { id: w.requestId, fields: validRequest('Defaced request') },
    'requests.delete': { id: w.requestId },
    'geo.reverse': { latitude: 40.7, longitude: -74 },
    'conversations.get': { id: w.paidConversationId },
    'conversations.messages': { id: w.paidConversationId },
    'conversations.earlierMessages': { id: w.paidConversationId, before: w.firstMessage },
    'conversations.markRead': { id: w.paidConversationId },
    'conversations.send': { id: w.paidConversationId, text: 'Pay me outside the app instead.' },
    'conversations.request': { serviceId: w.serviceId },
    'conversations.offer': { requestId: w.requestId, price: 20, pricingType: 'fixed', message: 'I can do it.' },
    'conversations.propose': { id: w.proposalConversationId, price: 1, pricingType: 'fixed' },
    'conversations.act': { id: w.proposalConversationId, action: 'accept' },
    'conversations.acceptOriginal': { id: w.proposalConversationId, priceCents: 4000, pricingType: 'fixed' },
    'conversations.adminView': { id: w.paidConversationId },
    'conversations.reset': { id: w.paidConversationId },
    'conversations.events': { id: w.paidConversationId },
    'conversations.adminEvents': { id: w.paidConversationId },
    'conversations.inbox': {},
    'payments.start': { conversationId: w.unpaidConversationId },
    'payments.payWithTestCard': {
      conversationId: w.unpaidConversationId,
      paymentIntentId: w.unpaidPaymentIntentId,
      ...card,
    },
    'payments.completeTestChallenge': {
      conversationId: w.unpaidConversationId,
      paymentIntentId: w.unpaidPaymentIntentId,
      approve: true,
    },
    'reviews.submit': { conversationId: w.completedConversationId, rating: 1, comment: 'Terrible, never again!' },
    'reviews.forProvider': { providerId: w.provider.id },
    'reviews.profile': { providerId: w.provider.id },
    'payouts.createAccount': { guardian_email: null },
    'payouts.saveDateOfBirth': { dateOfBirth: '2000-01-01' },
    'payouts.testOnboarding': { accountId: w.providerStripeAccountId },
    'payouts.submitTestOnboarding': {
      accountId: w.providerStripeAccountId,
      legalName: 'Mallory Attacker',
      routingNumber: '110000000',
      accountNumber: '000999999999',
      acceptTerms: true,
    },
    'settlement.history': { conversationId: w.paidConversationId },
    'settlement.confirm': { conversationId: w.completedConversationId },
    'settlement.dispute': {
      conversationId: w.paidConversationId,
      reason: 'Other',
      description: 'Opened by someone else entirely.',
    },
    'settlement.cancel': { conversationId: w.paidConversationId },
    'settlement.refund': { conversationId: w.paidConversationId },
    'settlement.resolveDispute': { conversationId: w.disputedConversationId, resolution: 'refund' },
    'paymentTests.payWithTestCard': { paymentIntentId: w.unpaidPaymentIntentId, ...card },
    'paymentTests.completeTestChallenge': { paymentIntentId: w.unpaidPaymentIntentId, approve: true },
    'paymentTests.runCheck': { check: 'configuration' },
    'paymentTests.routing': { amount: 10 },
    'rooms.list': {},
    'rooms.get': { id: w.roomId },
    'rooms.create': { name: 'Attacker room', description: '', isPrivate: false },
    'rooms.update': { id: w.roomId, name: 'Defaced room', description: '', isPrivate: false },
    'rooms.delete': { id: w.roomId },
    'rooms.members': { id: w.roomId },
    'rooms.join': { id: w.roomId },
    'rooms.leave': { id: w.roomId },
    'rooms.searchUsers': { query: 'Priya' },
    'rooms.addMember': { id: w.roomId, userId: w.attacker.id },
    'rooms.setRole': { id: w.roomId, userId: w.client.id, role: 'admin' },
    'rooms.memberAction': { id: w.roomId, userId: w.client.id, action: 'ban' },
    'rooms.bans': { id: w.roomId },
    'rooms.unban': { id: w.roomId, userId: w.client.id },
    'rooms.events': { id: w.roomId },
    'rooms.listEvents': {},
    'roomMessages.list': { roomId: w.roomId },
    'roomMessages.earlier': { roomId: w.roomId, before: w.roomMessage },
    'roomMessages.thread': { roomId: w.roomId, parentId: w.roomMessage.id },
    'roomMessages.send': { roomId: w.roomId, content: 'Meet me after school' },
    'roomMessages.edit': { messageId: w.roomMessage.id, content: 'Edited by someone else' },
    'roomMessages.delete': { messageId: w.roomMessage.id },
    'roomMessages.react': { messageId: w.roomMessage.id, emoji: '👎' },
    'roomMessages.removeReaction': { messageId: w.roomMessage.id },
    'roomMessages.markRead': { roomId: w.roomId },
    'chat.mute': { target: { roomId: w.roomId } },
    'chat.setMute': { target: { conversationId: w.paidConversationId }, duration: 'forever' },
    'chat.clearMute': { target: { roomId: w.roomId } },
    'chat.firstUnreadInRoom': { roomId: w.roomId },
    'chat.firstUnreadInConversation': { conversationId: w.paidConversationId },
    'roomMessages.typing': { roomId: w.roomId, typing: true },
    'roomMessages.cleanupStickers': { roomId: w.roomId },
    'roomMedia.gifs': { type: 'trending' },
    'messageSearch.search': { query: 'bus leaves', scope: { type: 'room', id: w.roomId } },
    'messageSearch.conversationAround': { id: w.paidConversationId, messageId: w.firstMessage.id },
    'messageSearch.conversationAfter': { id: w.paidConversationId, after: w.firstMessage },
    'messageSearch.roomAround': { roomId: w.roomId, messageId: w.roomMessage.id },
    'messageSearch.roomAfter': { roomId: w.roomId, after: w.roomMessage },
  };
}

/** Values no response to another user may contain. */
export function privateValues(world: World): Record<string, string> {
  return {
    'provider email': world.provider.email,
    'client email': world.client.email,
    'provider date of birth': world.providerDateOfBirth,
    'client date of birth': world.clientDateOfBirth,
    'guardian email': world.guardianEmail,
    'provider payout account': world.providerStripeAccountId,
    'client payout account': world.clientStripeAccountId,
  };
}

/** Keys of private fields that must never appear in a response about another user. */
export const PRIVATE_KEYS =
  /^(email|dateOfBirth|date_of_birth|stripeAccountId|stripe_account_id|guardianEmail|guardian_email|chargesEnabled|charges_enabled|payoutsEnabled|payouts_enabled|payoutDetailsSubmitted|payout_details_submitted|password)$/;

/** Every object key anywhere in a JSON value. */
export function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, into));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      into.add(key);
      keysOf(v, into);
    }
  }
  return into;
}

// ---------------------------------------------------------------------------------------------------------------
// A file's server and sessions

/**
 * The file's server with one signed-in user, started before its tests and closed after them. Read `.app` and
 * `.user` inside tests and hooks: they are set once the file's beforeAll has run.
 */
export function appWithUser(): { app: TestApp; user: TestUser } {
  const given = {} as { app: TestApp; user: TestUser };
  beforeAll(async () => {
    given.app = await createTestApp();
    given.user = await testUser(given.app);
  });
  afterAll(() => given.app?.close());
  return given;
}

/** A better-auth route (sign-out, change-password, revoke-other-sessions) posted by the signed-in browser. */
export function authPost(app: TestApp, path: string, cookie: string, payload: unknown = {}) {
  return app.server.inject({
    method: 'POST',
    url: `/api/auth/${path}`,
    headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
    payload: payload as Record<string, unknown>,
  });
}

/** The user signed in on another device: a second session of the same account; returns its cookie. */
export async function secondDevice(app: TestApp, user: TestUser) {
  const { cookie } = await signIn(app, user.email, STRONG_PASSWORD);
  expect(cookie).toContain('session_token');
  return cookie;
}

/** Settings' Change Password with the other devices signed out. */
export function changePasswordSigningOutOthers(app: TestApp, cookie: string) {
  return authPost(app, 'change-password', cookie, {
    currentPassword: STRONG_PASSWORD,
    newPassword: 'Another-sturdy-2',
    revokeOtherSessions: true,
  });
}

/** Settings' Delete Account: the typed email and the password, as the owner sends them. */
export function deleteOwnAccount(app: TestApp, user: TestUser) {
  return callRaw(app, 'accounts.deleteAccount', {
    method: 'POST',
    cookie: user.cookie,
    input: { confirmEmail: user.email, password: STRONG_PASSWORD },
  });
}
