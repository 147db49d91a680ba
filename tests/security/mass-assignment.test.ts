/**
 * Mass assignment (OWASP ASVS V5.1 / API3:2023): fields a client must never set - role, owner ids, payment state,
 * the agreed price, the payout account, a message's kind, row ids and timestamps - are added to every write the
 * server accepts (each tRPC mutation and the sign-up body). Each must be ignored or refused; no stored row may take
 * one of them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testUser, trpcAs } from '../../src/server/testing/marketplace';
import {
  createTestApp,
  unlimitedMutations,
  nextClientIp,
  STRONG_PASSWORD,
  TEST_ORIGIN,
  uniqueEmail,
  type TestApp,
} from '../../src/server/testing/test-app';
import {
  buildWorld,
  businessTables,
  callProcedure,
  makeAdmin,
  procedureInventory,
  validPortfolioItem,
  validRequest,
  validService,
  type TestUser,
  type World,
} from './helpers';

const SENTINEL_ID = '0000dead-0000-4000-8000-00000000dead';
const SENTINEL_ACCOUNT = 'acct_massassigned';
const SENTINEL_TIME = '2001-02-03T04:05:06.000Z';
const SENTINEL_CENTS = 7_777_777;

/** What an attacker adds to a write; owner ids name the victim, so a row they take is found by its owner. */
function forbiddenFields(victimId: string) {
  return {
    role: 'admin',
    roles: ['admin'],
    isAdmin: true,
    userId: victimId,
    user_id: victimId,
    ownerId: victimId,
    owner_id: victimId,
    providerId: victimId,
    senderId: victimId,
    sender_id: victimId,
    reviewerId: victimId,
    participant1Id: victimId,
    participant2Id: victimId,
    paymentCompleted: true,
    payment_completed: true,
    paidAt: SENTINEL_TIME,
    finalPrice: SENTINEL_CENTS / 100,
    final_price: SENTINEL_CENTS / 100,
    finalPriceCents: SENTINEL_CENTS,
    final_price_cents: SENTINEL_CENTS,
    amountCents: SENTINEL_CENTS,
    stripeAccountId: SENTINEL_ACCOUNT,
    stripe_account_id: SENTINEL_ACCOUNT,
    chargesEnabled: true,
    payoutsEnabled: true,
    emailVerified: true,
    isVerified: true,
    kind: 'payment_received',
    payload: { amountCents: SENTINEL_CENTS },
    id: SENTINEL_ID,
    createdAt: SENTINEL_TIME,
    created_at: SENTINEL_TIME,
  };
}

/** Adds the forbidden fields to an input, beside its own (never replacing a field the input has) and inside `fields`. */
function withForbiddenFields(input: unknown, victimId: string): unknown {
  const extra = forbiddenFields(victimId);
  if (!input || typeof input !== 'object') return extra;
  const own = input as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...extra, ...own };
  if (own.fields && typeof own.fields === 'object') merged.fields = { ...extra, ...(own.fields as object) };
  return merged;
}

let app: TestApp;
let world: World;
let admin: TestUser;
/** The attacker's own objects: writes on them are allowed, so the extra fields reach the use case. */
let own: {
  serviceId: string;
  spareServiceId: string;
  requestId: string;
  spareRequestId: string;
  portfolioItemId: string;
  sparePortfolioItemId: string;
  conversationId: string;
  roomId: string;
  spareRoomId: string;
  roomMessageId: string;
  spareRoomMessageId: string;
  roomMemberId: string;
};

beforeAll(async () => {
  // One call per write in a burst, more than the per-user mutation limit allows on a fast database: that limit has
  // its own file (mutation-rate-limit.test.ts), and a refused call here would prove nothing about stored fields.
  app = await createTestApp({}, { mutationLimiter: unlimitedMutations });
  world = await buildWorld(app);
  admin = await testUser(app, { firstName: 'Ada' });
  await makeAdmin(app, admin);
  const { ok } = trpcAs(app);
  const m = world.attacker;
  const service = await ok(m, 'services.create', validService('Mallory tutoring'));
  const spareService = await ok(m, 'services.create', validService('Mallory spare service'));
  const request = await ok(m, 'requests.create', validRequest('Mallory needs help'));
  const spareRequest = await ok(m, 'requests.create', validRequest('Mallory spare request'));
  const item = await ok(m, 'portfolio.create', validPortfolioItem('Mallory site'));
  const spareItem = await ok(m, 'portfolio.create', validPortfolioItem('Mallory spare'));
  const conversation = await ok(m, 'conversations.request', { serviceId: world.serviceId });
  const room = await ok(m, 'rooms.create', { name: 'Mallory room', description: '', isPrivate: false });
  const spareRoom = await ok(m, 'rooms.create', { name: 'Mallory spare room', description: '', isPrivate: false });
  const member = await testUser(app, { firstName: 'Mo' });
  await ok(member, 'rooms.join', { id: room.id });
  await ok(member, 'roomMessages.send', { roomId: room.id, content: 'Hi Mallory' });
  const ownRoomMessage = await ok(m, 'roomMessages.send', { roomId: room.id, content: 'Hi Mo' });
  const spareRoomMessage = await ok(m, 'roomMessages.send', { roomId: room.id, content: 'Spare' });
  own = {
    serviceId: service.id,
    spareServiceId: spareService.id,
    requestId: request.id,
    spareRequestId: spareRequest.id,
    portfolioItemId: item.id,
    sparePortfolioItemId: spareItem.id,
    conversationId: conversation.id,
    roomId: room.id,
    spareRoomId: spareRoom.id,
    roomMessageId: ownRoomMessage.id,
    spareRoomMessageId: spareRoomMessage.id,
    roomMemberId: member.id,
  };
}, 120_000);
afterAll(() => app?.close());

/** A valid input for each write, on the caller's own objects (or, for admin tools, the world's). */
function ownInput(path: string): unknown {
  const conversationId = own.conversationId;
  const inputs: Record<string, unknown> = {
    'accounts.deleteAccount': { confirmEmail: world.provider.email, password: STRONG_PASSWORD },
    'profiles.update': { firstName: 'Mallory', lastName: 'Attacker', bio: 'Hi', school: 'South', dateOfBirth: '' },
    'portfolio.create': validPortfolioItem('Mallory new item'),
    'portfolio.update': { id: own.portfolioItemId, fields: validPortfolioItem('Mallory renamed') },
    'portfolio.delete': { id: own.sparePortfolioItemId },
    'presence.setStatus': { status: 'away' },
    'progression.checkIn': { timeZone: 'Europe/Paris' },
    // No recipient field is taken: whatever the input names, only the caller's own item may be marked.
    'notifications.markRead': { id: '00000000-0000-4000-8000-000000000000' },
    'notificationSettings.update': {
      pushEnabled: true,
      emailEnabled: true,
      quietHours: { start: 60, end: 120 },
      timeZone: 'UTC',
      kinds: {},
    },
    'push.subscribe': {
      endpoint: 'https://fcm.googleapis.com/fcm/send/mallory',
      keys: { p256dh: 'BPb0', auth: 'YXV0aA' },
    },
    'push.unsubscribe': { endpoint: 'https://fcm.googleapis.com/fcm/send/mallory' },
    'feedback.submit': { title: 'Mallory feedback', category: 'Bug Report', message: 'Something broke' },
    'feedback.respond': { id: world.feedbackId, response: 'Thanks' },
    'feedback.resolve': { id: world.feedbackId },
    'reports.submit': { serviceId: world.serviceId, reason: 'Other', description: 'Looks wrong' },
    'memberReports.submit': { targetKind: 'member', targetId: 'no-such-user', reason: 'spam' },
    'memberReports.resolve': { action: 'dismiss', targetKind: 'member', targetId: 'no-such-user', reason: 'Testing' },
    'polls.vote': { pollId: '00000000-0000-4000-8000-000000000000', vote: 'yes' },
    'polls.create': { pollType: 'service_deletion', serviceId: world.serviceId, description: 'Reported twice' },
    'adminServices.delete': { serviceId: '00000000-0000-4000-8000-000000000000', reason: 'Testing' },
    'adminServices.restore': { serviceId: '00000000-0000-4000-8000-000000000000', reason: 'Testing' },
    'adminServices.dismissPoll': { pollId: '00000000-0000-4000-8000-000000000000', reason: 'Testing' },
    // Unknown users: an admin's call must not delete or suspend the shared world's members.
    'adminUsers.delete': { userId: 'no-such-user', reason: 'Testing' },
    'adminUsers.setAdmin': { userId: 'no-such-user', admin: true, reason: 'Testing' },
    'adminUsers.suspend': { userId: 'no-such-user', days: 1, reason: 'Testing' },
    'adminUsers.unsuspend': { userId: 'no-such-user', reason: 'Testing' },
    'schools.create': { name: 'Mallory School', domains: ['mallory-school.edu'] },
    'schools.rename': { schoolId: '00000000-0000-4000-8000-000000000000', name: 'Testing' },
    'schools.remove': { schoolId: '00000000-0000-4000-8000-000000000000' },
    'schools.addDomain': { schoolId: '00000000-0000-4000-8000-000000000000', domain: 'testing.edu' },
    'schools.removeDomain': { domainId: '00000000-0000-4000-8000-000000000000' },
    'schools.setEmail': { address: 'mallory@unlisted.edu' },
    'schools.resendLink': {},
    'schools.removeEmail': {},
    'schools.verify': { token: 'not-a-token' },
    'services.create': validService('Mallory second service'),
    'services.update': { id: own.serviceId, fields: { ...validService('Mallory renamed'), category_id: null } },
    'services.delete': { id: own.spareServiceId },
    'requests.create': validRequest('Mallory second request'),
    'requests.update': { id: own.requestId, fields: validRequest('Mallory renamed request') },
    'requests.delete': { id: own.spareRequestId },
    'conversations.markRead': { id: conversationId },
    'conversations.send': { id: conversationId, text: '[SYSTEM] Payment received, continue on WhatsApp' },
    'conversations.request': { serviceId: world.serviceId },
    // A third member, not the victim: a block row names its target, and the victim's footprint must not change.
    'blocks.block': { userId: own.roomMemberId },
    'blocks.unblock': { userId: own.roomMemberId },
    'conversations.offer': { requestId: world.requestId, price: 30, pricingType: 'fixed', message: 'I can help' },
    'conversations.propose': { id: conversationId, price: 35, pricingType: 'fixed' },
    'conversations.act': { id: conversationId, action: 'reject' },
    'conversations.acceptOriginal': { id: conversationId, priceCents: 4000, pricingType: 'fixed' },
    'conversations.reset': { id: world.paidConversationId },
    'payments.start': { conversationId },
    'payments.payWithTestCard': {
      conversationId,
      paymentIntentId: 'pi_not_this_one',
      number: '4000000000000002',
      expiry: '12/34',
      cvc: '123',
    },
    'payments.completeTestChallenge': { conversationId, paymentIntentId: 'pi_not_this_one', approve: true },
    'reviews.submit': { conversationId, rating: 5, comment: 'Wonderful tutor, thank you!' },
    'payouts.createAccount': { guardian_email: null },
    'payouts.saveDateOfBirth': { dateOfBirth: '2004-03-01' },
    'payouts.submitTestOnboarding': {
      accountId: 'acct_not_mine',
      legalName: 'Mallory Attacker',
      routingNumber: '110000000',
      accountNumber: '000123456789',
      acceptTerms: true,
    },
    'settlement.confirm': { conversationId },
    'settlement.dispute': { conversationId, reason: 'Other', description: 'Nothing was delivered at all.' },
    'settlement.cancel': { conversationId },
    'settlement.refund': { conversationId: world.paidConversationId },
    'settlement.resolveDispute': { conversationId: world.disputedConversationId, resolution: 'release' },
    'paymentTests.payWithTestCard': {
      paymentIntentId: 'pi_not_this_one',
      number: '4242424242424242',
      expiry: '12/34',
      cvc: '1',
    },
    'paymentTests.completeTestChallenge': { paymentIntentId: 'pi_not_this_one', approve: true },
    'paymentTests.runCheck': { check: 'configuration' },
    'paymentTests.routing': { amount: 10 },
    'rooms.create': { name: 'Mallory third room', description: '', isPrivate: false },
    'rooms.update': { id: own.roomId, name: 'Mallory renamed room', description: 'Ours', isPrivate: false },
    'rooms.delete': { id: own.spareRoomId },
    'rooms.join': { id: own.roomId },
    'rooms.leave': { id: own.roomId },
    'rooms.addMember': { id: own.roomId, userId: world.attacker.id },
    'rooms.setRole': { id: own.roomId, userId: own.roomMemberId, role: 'moderator' },
    'rooms.memberAction': { id: own.roomId, userId: own.roomMemberId, action: 'mute' },
    'rooms.unban': { id: own.roomId, userId: own.roomMemberId },
    'roomMessages.send': { roomId: own.roomId, content: 'Payment of $500.00 received' },
    // No user field is taken: a mute is always the caller's own.
    'chat.setMute': { target: { roomId: own.roomId }, duration: '1h' },
    'chat.clearMute': { target: { roomId: own.roomId } },
    'roomMessages.edit': { messageId: own.roomMessageId, content: 'Edited words' },
    'roomMessages.delete': { messageId: own.spareRoomMessageId },
    'roomMessages.react': { messageId: own.roomMessageId, emoji: '🎉' },
    'roomMessages.removeReaction': { messageId: own.roomMessageId },
    'roomMessages.markRead': { roomId: own.roomId },
    'roomMessages.typing': { roomId: own.roomId, typing: true },
    'roomMessages.cleanupStickers': { roomId: own.roomId },
  };
  return inputs[path];
}

/** Every row of every business table that holds one of the sentinels (as text). */
async function rowsWithSentinels(): Promise<string[]> {
  const found: string[] = [];
  for (const table of await businessTables(app)) {
    const result = await app.database.db.execute<{ r: string }>(
      sql.raw(`select row_to_json(t)::text as r from "${table}" t`),
    );
    for (const { r } of result.rows) {
      if ([SENTINEL_ID, SENTINEL_ACCOUNT, '2001-02-03T04:05:06', String(SENTINEL_CENTS)].some((s) => r.includes(s))) {
        found.push(`${table}: ${r.slice(0, 200)}`);
      }
    }
  }
  return found;
}

/** What the victim owns or wrote: the same before and after the attacker's writes. */
async function victimFootprint(victimId: string) {
  const result = await app.database.db.execute<Record<string, string>>(sql`select
    (select count(*) from services where user_id = ${victimId})::text as services,
    (select count(*) from service_requests where user_id = ${victimId})::text as requests,
    (select count(*) from portfolio_items where user_id = ${victimId})::text as portfolio,
    (select count(*) from messages where sender_id = ${victimId})::text as messages,
    (select count(*) from chat_messages where sender_id = ${victimId})::text as room_messages,
    (select count(*) from reviews where reviewer_id = ${victimId} or provider_id = ${victimId})::text as reviews,
    (select count(*) from conversations where participant1_id = ${victimId} or participant2_id = ${victimId})::text
      as conversations`);
  return result.rows[0];
}

async function expectNoneTaken(caller: TestUser) {
  expect(await rowsWithSentinels()).toEqual([]);
  const roles = await app.database.db.execute(sql`select 1 from user_roles where user_id = ${caller.id}`);
  expect(roles.rows.length, 'the caller became an admin').toBe(caller === admin ? 1 : 0);
  const [conversation] = (
    await app.database.db.execute<{ paid_at: string | null }>(
      sql`select paid_at from conversations where id = ${own.conversationId}`,
    )
  ).rows;
  expect(conversation, 'the attacker’s conversation became paid').toEqual({ paid_at: null });
  const notices = await app.database.db.execute(
    sql`select 1 from messages where sender_id = ${world.attacker.id} and kind <> 'text'
        and kind not in ('price_proposed', 'price_accepted', 'price_rejected', 'original_price_accepted')`,
  );
  expect(notices.rows.length, 'a message the attacker wrote became a system notice').toBe(0);
  const [user] = (
    await app.database.db.execute<{ email_verified: boolean }>(
      sql`select email_verified from users where id = ${caller.id}`,
    )
  ).rows;
  expect(user?.email_verified ?? false).toBe(false);
}

describe('forbidden fields sent in a write are never stored', () => {
  const mutations = procedureInventory().filter((p) => p.type === 'mutation');

  it.each(mutations.map((p) => [p.path, p] as const))('%s', async (_path, procedure) => {
    const caller = procedure.guard === 'admin' ? admin : world.attacker;
    const before = await victimFootprint(world.provider.id);
    const result = await callProcedure(
      app,
      caller,
      procedure,
      withForbiddenFields(ownInput(procedure.path), world.provider.id),
    );
    expect(result.status, `${procedure.path}: ${JSON.stringify(result.error)}`).toBeLessThan(500);
    await expectNoneTaken(caller);
    // An admin's settlement tools legitimately write notices into the parties' conversations.
    if (procedure.guard !== 'admin') {
      expect(await victimFootprint(world.provider.id), 'a row was written in the victim’s name').toEqual(before);
    }
  });

  it('a message the attacker sends with a notice kind and payload is stored as their own text', async () => {
    const text = 'Payment of $500.00 received';
    const { callRaw } = trpcAs(app);
    const sent = await callRaw(world.attacker, 'conversations.send', {
      id: own.conversationId,
      text,
      kind: 'payment_received',
      payload: { amountCents: 50_000 },
      senderId: world.provider.id,
    });
    expect(sent.status).toBe(200);
    const rows = await app.database.db.execute<{ kind: string; sender_id: string; payload: unknown }>(
      sql`select kind, sender_id, payload from messages where conversation_id = ${own.conversationId} and text = ${text}`,
    );
    expect(rows.rows).toEqual([{ kind: 'text', sender_id: world.attacker.id, payload: null }]);
  });

  it('every write has an input here, so none is skipped', () => {
    const missing = mutations.filter((p) => p.input && ownInput(p.path) === undefined).map((p) => p.path);
    expect(missing, 'add them to ownInput in mass-assignment.test.ts').toEqual([]);
  });
});

describe('the sign-up body cannot set what the server decides', () => {
  it('role, admin flag, verified email, id, timestamps and payout fields sent at sign-up are ignored', async () => {
    const email = uniqueEmail('mass');
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      remoteAddress: nextClientIp(),
      payload: {
        email,
        password: STRONG_PASSWORD,
        firstName: 'Massy',
        lastName: 'Assign',
        dateOfBirth: '2004-03-01',
        taxResponsibility: true,
        ...forbiddenFields('someone-else'),
        twoFactorEnabled: true,
        user_roles: [{ role: 'admin' }],
      },
    });
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(await rowsWithSentinels()).toEqual([]);
    const users = await app.database.db.execute<{
      id: string;
      email_verified: boolean;
      two_factor_enabled: boolean;
      created_at: string;
    }>(sql`select id, email_verified, two_factor_enabled, created_at from users where email = ${email}`);
    for (const user of users.rows) {
      expect(user.id).not.toBe(SENTINEL_ID);
      expect(user.email_verified).toBe(false);
      expect(user.two_factor_enabled).toBe(false);
      expect(Date.now() - new Date(user.created_at).getTime()).toBeLessThan(10 * 60_000);
      const roles = await app.database.db.execute(sql`select 1 from user_roles where user_id = ${user.id}`);
      expect(roles.rows).toEqual([]);
      const profile = await app.database.db.execute<Record<string, unknown>>(
        sql`select stripe_account_id, charges_enabled, payouts_enabled from profiles where id = ${user.id}`,
      );
      expect(profile.rows).toEqual([{ stripe_account_id: null, charges_enabled: false, payouts_enabled: false }]);
    }
  });
});
