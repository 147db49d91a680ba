import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { reviews } from '../../db/schema/reviews';
import { LISTING_PATHS } from '../../../domain/listing-filters';
import { paidConversation, testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** Every card and the service page say how the provider is rated, and who they are. */
let app: TestApp;
let provider: TestUser;
let newcomer: TestUser;
let client: TestUser;
const { ok } = trpcAs(() => app);
const DATE_OF_BIRTH = '2009-04-17';

type Card = { id: string; userId: string; ratingAverage: number | null; reviewCount: number };

async function listing(): Promise<Card[]> {
  const response = await app.server.inject({ url: `${LISTING_PATHS.services}?limit=60` });
  expect(response.statusCode).toBe(200);
  return response.json<{ items: Card[] }>().items;
}

/** A paid job (on a new service of `provider`), completed: the client may review it. */
async function completedJob() {
  const id = await paidConversation(app, provider, client, 40);
  await ok(provider, 'conversations.act', { id, action: 'start' });
  await ok(provider, 'conversations.act', { id, action: 'complete' });
  return id;
}

beforeAll(async () => {
  app = await createTestApp();
  provider = await testUser(app, { firstName: 'Rita', dateOfBirth: DATE_OF_BIRTH });
  newcomer = await testUser(app, { firstName: 'Nina' });
  client = await testUser(app, { firstName: 'Carl' });
  await ok(provider, 'profiles.update', {
    firstName: 'Rita',
    lastName: 'Reyes',
    bio: 'Algebra and chemistry tutor.',
    school: 'Hillside High',
    dateOfBirth: DATE_OF_BIRTH,
  });
  await ok(newcomer, 'services.create', {
    title: 'Watercolour lessons',
    description: 'Washes, layering and simple landscapes.',
    category_id: '92500ec2-6a72-4a70-b5d3-a0f26f216607',
    price: 18,
    pricing_type: 'hourly',
    delivery_method: 'virtual',
    service_location: null,
    image_url: '',
  });
}, 60_000);
afterAll(() => app?.close());

describe('ratings on cards', () => {
  it('a provider nobody has reviewed has no average and a count of 0 (the card says "New")', async () => {
    const cards = (await listing()).filter((c) => c.userId === newcomer.id);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ ratingAverage: null, reviewCount: 0 });
  });

  it('every card of a reviewed provider shows their average and count, at once after a review', async () => {
    const first = await completedJob();
    await ok(client, 'reviews.submit', { conversationId: first, rating: 5, comment: 'Patient and clear, thank you.' });
    const second = await completedJob();
    // Read now, so the page is cached: the review must renew it rather than wait for the cache to expire.
    expect((await listing()).filter((c) => c.userId === provider.id).map((c) => c.reviewCount)).toEqual([1, 1]);
    await ok(client, 'reviews.submit', { conversationId: second, rating: 4, comment: 'Good, one session ran late.' });

    const theirs = (await listing()).filter((c) => c.userId === provider.id);
    expect(theirs).toHaveLength(2);
    for (const card of theirs) expect(card).toMatchObject({ ratingAverage: 4.5, reviewCount: 2 });
    for (const card of await ok(null, 'services.byUser', { userId: provider.id })) {
      expect(card).toMatchObject({ ratingAverage: 4.5, reviewCount: 2 });
    }
    for (const card of await ok(provider, 'services.mine')) {
      expect(card).toMatchObject({ ratingAverage: 4.5, reviewCount: 2 });
    }
    // Someone else's reviews never count for the newcomer.
    expect((await listing()).find((c) => c.userId === newcomer.id)).toMatchObject({ reviewCount: 0 });
  });
});

describe('the figures follow every path that changes a review', () => {
  it('a rating corrected or a review removed in the database moves the provider’s count and average with it', async () => {
    const [card] = (await listing()).filter((c) => c.userId === provider.id);
    const read = async () => {
      const page = await ok(null, 'services.get', { id: card!.id });
      return [page.ratingAverage, page.reviewCount];
    };
    const [fourStar] = await app.database.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.providerId, provider.id), eq(reviews.rating, 4)));
    await app.database.db.update(reviews).set({ rating: 2 }).where(eq(reviews.id, fourStar!.id));
    expect(await read()).toEqual([3.5, 2]);
    await app.database.db.delete(reviews).where(eq(reviews.id, fourStar!.id));
    expect(await read()).toEqual([5, 1]);
    await app.database.db.insert(reviews).values({ ...fourStar!, rating: 4 });
    expect(await read()).toEqual([4.5, 2]);
  });
});

describe('the service page', () => {
  it('shows the provider: rating, school, bio, member since and the latest reviews, newest first', async () => {
    const [card] = (await listing()).filter((c) => c.userId === provider.id);
    const page = await ok(null, 'services.get', { id: card!.id });
    expect(page).toMatchObject({
      ratingAverage: 4.5,
      reviewCount: 2,
      ownerFirstName: 'Rita',
      ownerSchool: 'Hillside High',
      ownerBio: 'Algebra and chemistry tutor.',
    });
    expect(new Date(page.ownerMemberSince!).getTime()).toBeLessThanOrEqual(Date.now());
    expect(page.latestReviews.map((r) => [r.rating, r.reviewerFirstName])).toEqual([
      [4, 'Carl'],
      [5, 'Carl'],
    ]);
  });

  it('of an unreviewed provider reads no reviews', async () => {
    const [card] = (await listing()).filter((c) => c.userId === newcomer.id);
    const page = await ok(client, 'services.get', { id: card!.id });
    expect(page).toMatchObject({ ratingAverage: null, reviewCount: 0, latestReviews: [] });
  });

  it('never carries the provider’s email or date of birth, to a visitor or another member', async () => {
    const [card] = (await listing()).filter((c) => c.userId === provider.id);
    for (const who of [null, client]) {
      const body = JSON.stringify(await ok(who, 'services.get', { id: card!.id }));
      expect(body).not.toContain(provider.email);
      expect(body).not.toContain(DATE_OF_BIRTH);
      expect(body).not.toMatch(/"(email|dateOfBirth|date_of_birth|stripeAccountId|guardianEmail)"/);
    }
  });
});
