import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../../domain/categories';
import { LISTING_PATHS, listingToQuery, type ListingQueryInput } from '../../../domain/listing-filters';
import { inTransaction } from '../../events/in-transaction';
import { paidConversation, testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import { createTestAppWithAdmin, type TestApp } from '../../testing/test-app';

/**
 * One rule decides who sees a service (not hidden by a passed poll, owner not suspended) and a
 * request (owner not suspended), in every public read: the listings (browse, search, category), a service's page, a
 * public profile's services, a request's page, starting a conversation and reporting. Others get exactly what a
 * missing one gives; the owner still has it in My Services / My Requests; a suspension counts until it ends.
 */
let app: TestApp;
let admin: TestUser;
let owner: TestUser;
let suspended: TestUser;
let viewer: TestUser;
const { call, ok } = trpcAs(() => app);
const [category] = SERVICE_CATEGORIES;
const tag = Math.random().toString(36).slice(2, 8);

const serviceInput = (title: string) => ({
  title,
  description: 'A long enough description for this service.',
  category_id: category!.id,
  price: 30,
  pricing_type: 'fixed' as const,
  delivery_method: 'virtual' as const,
  service_location: null,
  image_url: '',
});
const requestInput = (title: string) => ({
  title,
  description: 'A long enough description for this request.',
  service_category_id: category!.id,
  pricing_type: 'fixed' as const,
  budget: '40',
  image_url: '',
});

let visibleId: string;
let hiddenId: string;
let suspendedServiceId: string;
let suspendedRequestId: string;
const MISSING = '00000000-0000-4000-8000-000000000000';

/** The public listing route the web app reads, as a visitor. */
async function listing(kind: 'services' | 'requests', input: ListingQueryInput) {
  const response = await app.server.inject({ url: `${LISTING_PATHS[kind]}?${listingToQuery(input)}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: { id: string }[] }>().items.map((i) => i.id);
}

/** What admin-users' suspend does to the database and the outbox (that use case is another slice's). */
async function suspend(userId: string, until: Date | null) {
  await inTransaction({ db: app.database.db, events: app.events }, async (tx, emit) => {
    await tx.execute(sql`insert into user_suspensions (user_id, until, reason, suspended_by)
      values (${userId}, ${until}, 'Test suspension', ${admin.id})
      on conflict (user_id) do update set until = excluded.until`);
    emit({ type: 'user.suspended', actorId: admin.id, userId, until: until?.toISOString() ?? null });
  });
}

async function unsuspend(userId: string) {
  await inTransaction({ db: app.database.db, events: app.events }, async (tx, emit) => {
    await tx.execute(sql`delete from user_suspensions where user_id = ${userId}`);
    emit({ type: 'user.unsuspended', actorId: admin.id, userId });
  });
}

beforeAll(async () => {
  ({ app, admin } = await createTestAppWithAdmin());
  owner = await testUser(app, { firstName: 'Olive' });
  suspended = await testUser(app, { firstName: 'Sam' });
  viewer = await testUser(app, { firstName: 'Vera' });
  visibleId = (await ok(owner, 'services.create', serviceInput(`Visible tutoring ${tag}`))).id;
  hiddenId = (await ok(owner, 'services.create', serviceInput(`Hidden tutoring ${tag}`))).id;
  suspendedServiceId = (await ok(suspended, 'services.create', serviceInput(`Suspended tutoring ${tag}`))).id;
  suspendedRequestId = (await ok(suspended, 'requests.create', requestInput(`Suspended request ${tag}`))).id;
  // As a passed poll leaves it (close-poll.ts; its own test is in admin-services.integration.test.ts).
  await app.database.db.execute(sql`update services set hidden_at = now() where id = ${hiddenId}`);
  await suspend(suspended.id, null);
});
afterAll(() => app?.close());

describe('a hidden service and a suspended member’s service are gone for everyone else', () => {
  it('the listings leave them out: browse, search and category', async () => {
    for (const input of [{}, { search: tag }, { categoryId: category!.id }, { search: 'tutoring' }]) {
      const ids = await listing('services', input);
      expect(ids, JSON.stringify(input)).toContain(visibleId);
      expect(ids, JSON.stringify(input)).not.toContain(hiddenId);
      expect(ids, JSON.stringify(input)).not.toContain(suspendedServiceId);
    }
  });

  it('its page answers a visitor and a member exactly as a missing service does', async () => {
    const missing = await call(viewer, 'services.get', { id: MISSING });
    expect(missing.status).toBe(404);
    for (const id of [hiddenId, suspendedServiceId]) {
      for (const who of [null, viewer]) {
        const result = await call(who, 'services.get', { id });
        expect(result.status).toBe(404);
        expect(result.error?.message).toBe(missing.error?.message);
        expect(result.data).toBeUndefined();
      }
    }
  });

  it('its owner and admins still open it; the owner sees it hidden in My Services', async () => {
    expect((await ok(owner, 'services.get', { id: hiddenId })).hiddenAt).not.toBeNull();
    expect((await ok(admin, 'services.get', { id: hiddenId })).id).toBe(hiddenId);
    expect((await ok(admin, 'services.get', { id: suspendedServiceId })).id).toBe(suspendedServiceId);
    const mine = await ok(owner, 'services.mine');
    expect(mine.map((s) => s.id)).toEqual(expect.arrayContaining([visibleId, hiddenId]));
    expect(mine.find((s) => s.id === hiddenId)?.hiddenAt).not.toBeNull();
    expect(mine.find((s) => s.id === visibleId)?.hiddenAt).toBeNull();
    expect((await ok(suspended, 'services.mine')).map((s) => s.id)).toEqual([suspendedServiceId]);
  });

  it("a public profile's services leave them out, for visitors and members", async () => {
    for (const who of [null, viewer]) {
      expect((await ok(who, 'services.byUser', { userId: owner.id })).map((s) => s.id)).toEqual([visibleId]);
      expect(await ok(who, 'services.byUser', { userId: suspended.id })).toEqual([]);
    }
    // The owner looking at their own profile sees all of theirs.
    expect((await ok(owner, 'services.byUser', { userId: owner.id })).map((s) => s.id)).toContain(hiddenId);
  });

  it('requesting or reporting one is refused as for a missing service, and nothing is written', async () => {
    const count = async () =>
      (
        await app.database.db.execute<{ n: number }>(
          sql`select (select count(*) from conversations)::int + (select count(*) from service_reports)::int as n`,
        )
      ).rows[0]!.n;
    const before = await count();
    const missing = await call(viewer, 'conversations.request', { serviceId: MISSING });
    for (const serviceId of [hiddenId, suspendedServiceId]) {
      const request = await call(viewer, 'conversations.request', { serviceId });
      expect(request.status).toBe(404);
      expect(request.error?.message).toBe(missing.error?.message);
      const report = await call(viewer, 'reports.submit', { serviceId, reason: 'Other', description: 'Hidden' });
      expect(report.status).toBe(404);
    }
    expect(await count()).toBe(before);
    // The visible one still opens a conversation.
    expect((await ok(viewer, 'conversations.request', { serviceId: visibleId })).created).toBe(true);
  });
});

describe('a suspended member’s requests are gone for everyone else', () => {
  it('the request listing and the request page leave them out; My Requests keeps them', async () => {
    expect(await listing('requests', {})).not.toContain(suspendedRequestId);
    expect(await listing('requests', { search: tag })).not.toContain(suspendedRequestId);
    const missing = await call(viewer, 'requests.get', { id: MISSING });
    for (const who of [null, viewer]) {
      const result = await call(who, 'requests.get', { id: suspendedRequestId });
      expect(result.status).toBe(404);
      expect(result.error?.message).toBe(missing.error?.message);
    }
    expect((await ok(suspended, 'requests.mine')).map((r) => r.id)).toEqual([suspendedRequestId]);
  });
});

describe('a suspension counts while it lasts', () => {
  it('lifting it brings everything back at once, on the cached listings too', async () => {
    const member = await testUser(app, { firstName: 'Lena' });
    const serviceId = (await ok(member, 'services.create', serviceInput(`Lifted tutoring ${tag}`))).id;
    const requestId = (await ok(member, 'requests.create', requestInput(`Lifted request ${tag}`))).id;
    // Cached first: the suspension must renew the cached page (its catalogue event), not wait 10 s.
    expect(await listing('services', { search: 'lifted' })).toEqual([serviceId]);
    await suspend(member.id, null);
    expect(await listing('services', { search: 'lifted' })).toEqual([]);
    expect(await listing('requests', { search: 'lifted' })).toEqual([]);
    await unsuspend(member.id);
    expect(await listing('services', { search: 'lifted' })).toEqual([serviceId]);
    expect(await listing('requests', { search: 'lifted' })).toEqual([requestId]);
    expect((await ok(viewer, 'services.get', { id: serviceId })).id).toBe(serviceId);
  });

  it('a suspension with an end date hides until then, and nothing after it', async () => {
    const member = await testUser(app, { firstName: 'Tara' });
    const serviceId = (await ok(member, 'services.create', serviceInput(`Timed tutoring ${tag}`))).id;
    const requestId = (await ok(member, 'requests.create', requestInput(`Timed request ${tag}`))).id;
    await suspend(member.id, new Date(Date.now() + 60 * 60 * 1000));
    expect((await call(viewer, 'services.get', { id: serviceId })).status).toBe(404);
    expect((await call(viewer, 'requests.get', { id: requestId })).status).toBe(404);
    expect(await listing('services', { search: 'timed tutoring' })).toEqual([]);
    // The end date passes (no event: the rule reads the clock, so nothing has to run).
    await app.database.db.execute(
      sql`update user_suspensions set until = now() - interval '1 second' where user_id = ${member.id}`,
    );
    expect((await ok(viewer, 'services.get', { id: serviceId })).id).toBe(serviceId);
    expect((await ok(viewer, 'requests.get', { id: requestId })).id).toBe(requestId);
    expect((await ok(null, 'services.byUser', { userId: member.id })).map((s) => s.id)).toEqual([serviceId]);
    // A query not cached before the change: the listing reads the same rule.
    expect(await listing('services', { search: 'timed tutor' })).toEqual([serviceId]);
    expect(await listing('requests', { search: 'timed req' })).toEqual([requestId]);
  });
});

describe('what still names a hidden service', () => {
  it('a review names and links its service only while members can open it', async () => {
    const seller = await testUser(app, { firstName: 'Remy' });
    const buyer = await testUser(app, { firstName: 'Bea' });
    const id = await paidConversation(app, seller, buyer, 25);
    await ok(seller, 'conversations.act', { id, action: 'start' });
    await ok(seller, 'conversations.act', { id, action: 'complete' });
    await ok(buyer, 'reviews.submit', { conversationId: id, rating: 5, comment: 'Clear and patient, thank you!' });
    const [{ service_id: serviceId } = { service_id: '' }] = (
      await app.database.db.execute<{ service_id: string }>(sql`select service_id from conversations where id = ${id}`)
    ).rows;
    const named = async () => {
      const [review] = await ok(null, 'reviews.forProvider', { providerId: seller.id });
      const latest = (await ok(null, 'reviews.latest')).find((r) => r.providerId === seller.id);
      return [review && { serviceId: review.serviceId, named: review.serviceTitle !== null }, latest?.serviceId];
    };
    expect(await named()).toEqual([{ serviceId, named: true }, serviceId]);
    await app.database.db.execute(sql`update services set hidden_at = now() where id = ${serviceId}`);
    expect(await named()).toEqual([{ serviceId: null, named: false }, null]);
    await app.database.db.execute(sql`update services set hidden_at = null where id = ${serviceId}`);
    await suspend(seller.id, null);
    expect(await named()).toEqual([{ serviceId: null, named: false }, null]);
    await unsuspend(seller.id);
    expect(await named()).toEqual([{ serviceId, named: true }, serviceId]);
  });

  it("an admin reads a suspended member's request, as they read their services", async () => {
    expect((await ok(admin, 'requests.get', { id: suspendedRequestId })).id).toBe(suspendedRequestId);
    expect((await call(viewer, 'requests.get', { id: suspendedRequestId })).status).toBe(404);
  });
});
