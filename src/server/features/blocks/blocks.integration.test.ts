import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../../domain/categories';
import { BLOCK_LIMITS, BLOCK_MESSAGES } from '../../../domain/blocks';
import { paidConversation, testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import { createTestApp, nextEvent, unlimitedMutations, type TestApp } from '../../testing/test-app';
import { blocksChannels } from './blocks.channels';

let app: TestApp;
const { call, ok } = trpcAs(() => app);

/** Each test its own pair, so one test's block never changes another's. */
async function pair() {
  const blocker = await testUser(app, { firstName: 'Bea', lastName: 'Blocker' });
  const blocked = await testUser(app, { firstName: 'Ben', lastName: 'Blocked' });
  return { blocker, blocked };
}

async function serviceOf(owner: TestUser, price = 40) {
  const service = await ok(owner, 'services.create', {
    title: `Guitar lessons ${Math.random().toString(36).slice(2, 7)}`,
    description: 'Chords, rhythm and a first song.',
    category_id: SERVICE_CATEGORIES[2]!.id,
    price,
    pricing_type: 'fixed',
    delivery_method: 'virtual',
    service_location: null,
    image_url: '',
  });
  return service.id;
}

async function requestOf(owner: TestUser) {
  const request = await ok(owner, 'requests.create', {
    title: 'Need help with a school essay',
    description: 'Two pages, due next week.',
    service_category_id: SERVICE_CATEGORIES[5]!.id,
    pricing_type: 'fixed',
    budget: '30',
    image_url: '',
  });
  return request.id;
}

const errorOf = async (result: Promise<{ status: number; error?: { message: string; data?: unknown } }>) => {
  const { status, error } = await result;
  return { status, message: error?.message, code: (error?.data as { appCode?: string } | undefined)?.appCode };
};

beforeAll(async () => {
  app = await createTestApp({}, { mutationLimiter: unlimitedMutations });
});
afterAll(() => app.close());

describe('blocking and unblocking', () => {
  it('blocks a member once, lists them with their public name, and unblocks them', async () => {
    const { blocker, blocked } = await pair();
    const member = await ok(blocker, 'blocks.block', { userId: blocked.id });
    expect(member).toMatchObject({ userId: blocked.id, firstName: 'Ben', lastName: 'Blocked', avatarUrl: null });
    // Blocking again is the same answer and still one row.
    expect(await ok(blocker, 'blocks.block', { userId: blocked.id })).toEqual(member);
    const list = await ok(blocker, 'blocks.list', {});
    expect(list).toEqual({ items: [member], nextCursor: null });
    expect(Object.keys(list.items[0]!).sort()).toEqual(['avatarUrl', 'blockedAt', 'firstName', 'lastName', 'userId']);
    expect(await ok(blocker, 'blocks.ids')).toEqual([blocked.id]);
    expect(await ok(blocker, 'blocks.status', { userId: blocked.id })).toEqual({ blocked: true });

    expect(await ok(blocker, 'blocks.unblock', { userId: blocked.id })).toMatchObject({
      userId: blocked.id,
      firstName: 'Ben',
      blocked: false,
    });
    expect(await ok(blocker, 'blocks.unblock', { userId: blocked.id })).toMatchObject({
      userId: blocked.id,
      firstName: 'Ben',
      blocked: false,
    });
    expect(await ok(blocker, 'blocks.list', {})).toEqual({ items: [], nextCursor: null });
    expect(await ok(blocker, 'blocks.status', { userId: blocked.id })).toEqual({ blocked: false });
  });

  it('never tells the blocked member: their status and list show nothing', async () => {
    const { blocker, blocked } = await pair();
    await ok(blocker, 'blocks.block', { userId: blocked.id });
    expect(await ok(blocked, 'blocks.status', { userId: blocker.id })).toEqual({ blocked: false });
    expect(await ok(blocked, 'blocks.list', {})).toEqual({ items: [], nextCursor: null });
    expect(await ok(blocked, 'blocks.ids')).toEqual([]);
  });

  it('refuses blocking oneself and an unknown member', async () => {
    const { blocker } = await pair();
    expect(await errorOf(call(blocker, 'blocks.block', { userId: blocker.id }))).toMatchObject({
      status: 400,
      message: BLOCK_MESSAGES.cannotBlockSelf,
    });
    expect(await errorOf(call(blocker, 'blocks.block', { userId: 'no-such-member' }))).toMatchObject({
      status: 404,
      message: BLOCK_MESSAGES.unknownMember,
    });
    expect(await ok(blocker, 'blocks.list', {})).toEqual({ items: [], nextCursor: null });
  });

  it('pages the list newest first', async () => {
    const blocker = await testUser(app, { firstName: 'Pia' });
    const others: TestUser[] = [];
    for (let i = 0; i < BLOCK_LIMITS.pageSize + 2; i++) others.push(await testUser(app, { firstName: `M${i}` }));
    for (const other of others) await ok(blocker, 'blocks.block', { userId: other.id });
    const first = await ok(blocker, 'blocks.list', {});
    expect(first.items).toHaveLength(BLOCK_LIMITS.pageSize);
    expect(first.items[0]!.userId).toBe(others.at(-1)!.id);
    const second = await ok(blocker, 'blocks.list', { cursor: first.nextCursor });
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((m) => m.userId).sort()).toEqual(others.map((o) => o.id).sort());
  }, 60_000);

  it('refuses a block beyond the limit', async () => {
    const { blocker, blocked } = await pair();
    // Fill the list directly up to the limit (a thousand sign-ups would only slow the test).
    await app.database.db.execute(sql`
      insert into users (id, name, email, email_verified, created_at, updated_at)
      select 'filler-' || ${blocker.id} || '-' || g, 'F', 'filler-' || ${blocker.id} || '-' || g || '@example.com', false, now(), now()
      from generate_series(1, ${BLOCK_LIMITS.maxBlocked}) g`);
    await app.database.db.execute(sql`
      insert into user_blocks (blocker_id, blocked_id)
      select ${blocker.id}, 'filler-' || ${blocker.id} || '-' || g from generate_series(1, ${BLOCK_LIMITS.maxBlocked}) g`);
    expect(await errorOf(call(blocker, 'blocks.block', { userId: blocked.id }))).toMatchObject({
      status: 409,
      message: BLOCK_MESSAGES.tooMany,
    });
    expect(await ok(blocker, 'blocks.status', { userId: blocked.id })).toEqual({ blocked: false });
  });

  it('tells the blocker’s other tabs live, with the member', async () => {
    const { blocker, blocked } = await pair();
    const heard = nextEvent(app, blocksChannels.blocksOf(blocker.id));
    const member = await ok(blocker, 'blocks.block', { userId: blocked.id });
    expect(await heard).toEqual({ type: 'blocked', member });
    const unheard = nextEvent(app, blocksChannels.blocksOf(blocker.id));
    await ok(blocker, 'blocks.unblock', { userId: blocked.id });
    expect(await unheard).toEqual({ type: 'unblocked', userId: blocked.id });
  });
});

describe('a block stops contact both ways', () => {
  it('no message in an existing conversation: the blocker is told why, the blocked member is not', async () => {
    const { blocker, blocked } = await pair();
    const { id } = await ok(blocked, 'conversations.request', { serviceId: await serviceOf(blocker) });
    await ok(blocker, 'blocks.block', { userId: blocked.id });
    expect(await errorOf(call(blocked, 'conversations.send', { id, text: 'Hello?' }))).toEqual({
      status: 409,
      message: BLOCK_MESSAGES.cannotSend,
      code: 'BLOCKED_CONVERSATION',
    });
    expect(await errorOf(call(blocker, 'conversations.send', { id, text: 'Bye' }))).toEqual({
      status: 409,
      message: BLOCK_MESSAGES.youBlocked,
      code: 'BLOCKED_BY_YOU',
    });
    const texts = (await ok(blocker, 'conversations.messages', { id })).map((m) => m.text);
    expect(texts).not.toContain('Hello?');
    expect(texts).not.toContain('Bye');
    // Someone else's conversation is still answered as before, block or not.
    const stranger = await testUser(app, { firstName: 'Sam' });
    expect((await call(stranger, 'conversations.send', { id, text: 'Hi' })).status).toBe(403);

    await ok(blocker, 'blocks.unblock', { userId: blocked.id });
    await ok(blocked, 'conversations.send', { id, text: 'Hello again' });
  });

  it('no new conversation about a service, either way', async () => {
    const { blocker, blocked } = await pair();
    await ok(blocker, 'blocks.block', { userId: blocked.id });
    expect(
      await errorOf(call(blocked, 'conversations.request', { serviceId: await serviceOf(blocker) })),
    ).toMatchObject({ status: 409, message: BLOCK_MESSAGES.cannotContact });
    expect(
      await errorOf(call(blocker, 'conversations.request', { serviceId: await serviceOf(blocked) })),
    ).toMatchObject({ status: 409, message: BLOCK_MESSAGES.youBlocked });
    expect(await ok(blocked, 'conversations.list')).toEqual([]);
    expect(await ok(blocker, 'conversations.list')).toEqual([]);
  });

  it('no offer on a request, either way', async () => {
    const { blocker, blocked } = await pair();
    await ok(blocked, 'blocks.block', { userId: blocker.id });
    const offer = { price: 20, pricingType: 'fixed' as const, message: 'I can help.' };
    expect(
      await errorOf(call(blocker, 'conversations.offer', { ...offer, requestId: await requestOf(blocked) })),
    ).toMatchObject({ status: 409, message: BLOCK_MESSAGES.cannotContact });
    expect(
      await errorOf(call(blocked, 'conversations.offer', { ...offer, requestId: await requestOf(blocker) })),
    ).toMatchObject({ status: 409, message: BLOCK_MESSAGES.youBlocked });
    expect(await ok(blocker, 'conversations.list')).toEqual([]);
  });

  it('no proposal, counter-offer or acceptance before payment', async () => {
    const { blocker, blocked } = await pair();
    const { id } = await ok(blocked, 'conversations.request', { serviceId: await serviceOf(blocker) });
    await ok(blocker, 'conversations.propose', { id, price: 35, pricingType: 'fixed' });
    await ok(blocker, 'blocks.block', { userId: blocked.id });
    expect(await errorOf(call(blocked, 'conversations.act', { id, action: 'accept' }))).toMatchObject({
      status: 409,
      message: BLOCK_MESSAGES.cannotSend,
    });
    expect(
      await errorOf(call(blocked, 'conversations.propose', { id, price: 30, pricingType: 'fixed' })),
    ).toMatchObject({ status: 409, message: BLOCK_MESSAGES.cannotSend });
    expect(
      await errorOf(call(blocker, 'conversations.propose', { id, price: 30, pricingType: 'fixed' })),
    ).toMatchObject({ status: 409, message: BLOCK_MESSAGES.youBlocked });
    expect((await ok(blocker, 'conversations.get', { id })).state.finalPriceCents).toBeNull();
  });
});

describe('a block never stops a paid deal', () => {
  it('an agreed price is paid, started, completed, confirmed and reviewed after a block', async () => {
    const { blocker: provider, blocked: client } = await pair();
    const serviceId = await serviceOf(provider, 60);
    const { id } = await ok(client, 'conversations.request', { serviceId });
    await ok(client, 'conversations.acceptOriginal', { id, priceCents: 6000, pricingType: 'fixed' });
    await ok(provider, 'blocks.block', { userId: client.id });

    const { paymentIntentId } = await ok(client, 'payments.start', { conversationId: id });
    const paid = await ok(client, 'payments.payWithTestCard', {
      conversationId: id,
      paymentIntentId,
      number: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(paid.status).toBe('succeeded');
    await ok(provider, 'conversations.act', { id, action: 'start' });
    await ok(provider, 'conversations.act', { id, action: 'complete' });
    await ok(client, 'settlement.confirm', { conversationId: id });
    await ok(client, 'reviews.submit', { conversationId: id, rating: 5, comment: 'Great lessons, thank you!' });
    expect((await ok(client, 'conversations.get', { id })).status).toBe('completed');
  });

  it('a paid deal can still be disputed by the client the provider blocked', async () => {
    const { blocker: provider, blocked: client } = await pair();
    const id = await paidConversation(app, provider, client, 30);
    await ok(provider, 'blocks.block', { userId: client.id });
    await ok(provider, 'conversations.act', { id, action: 'start' });
    await ok(provider, 'conversations.act', { id, action: 'complete' });
    await ok(client, 'settlement.dispute', {
      conversationId: id,
      reason: 'Quality problem',
      description: 'The lesson did not happen as agreed.',
    });
    expect((await ok(client, 'settlement.history', { conversationId: id })).label).toBe('disputed');
  });
});

describe('rooms', () => {
  it('no invitation either way, and absent from invite search', async () => {
    const { blocker, blocked } = await pair();
    const mine = await ok(blocker, 'rooms.create', { name: 'Blocker room', isPrivate: true });
    const theirs = await ok(blocked, 'rooms.create', { name: 'Blocked room', isPrivate: true });
    await ok(blocker, 'blocks.block', { userId: blocked.id });
    expect((await call(blocker, 'rooms.addMember', { id: mine.id, userId: blocked.id })).status).toBe(403);
    expect((await call(blocked, 'rooms.addMember', { id: theirs.id, userId: blocker.id })).status).toBe(403);
    expect((await ok(blocker, 'rooms.members', { id: mine.id })).map((m) => m.userId)).toEqual([blocker.id]);
    expect((await ok(blocker, 'rooms.searchUsers', { query: 'Blocked' })).map((u) => u.id)).not.toContain(blocked.id);
    expect((await ok(blocked, 'rooms.searchUsers', { query: 'Blocker' })).map((u) => u.id)).not.toContain(blocker.id);

    await ok(blocker, 'blocks.unblock', { userId: blocked.id });
    expect((await ok(blocker, 'rooms.searchUsers', { query: 'Blocked' })).map((u) => u.id)).toContain(blocked.id);
    await ok(blocker, 'rooms.addMember', { id: mine.id, userId: blocked.id });
  });
});
