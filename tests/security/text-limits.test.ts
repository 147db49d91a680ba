import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../src/domain/categories';
import { LISTING_PATHS } from '../../src/domain/listing-filters';
import { testUser, trpcAs, type TestUser } from '../../src/server/testing/marketplace';
import { createTestApp, nextClientIp, TEST_ORIGIN, uniqueEmail, type TestApp } from '../../src/server/testing/test-app';

/**
 * Every text field has a maximum at every entry point. Each attack sends one field of about 1 MB
 * (just under the 1 MiB body limit, so the field's own rule is what answers), expects a 4xx with a message a person
 * can read, and compares every table the call could write before and after.
 */
const HUGE = 'x'.repeat(1_000_000);
const HUGE_EMAIL = `${'a'.repeat(999_000)}@example.com`;
const TABLES = [
  'users',
  'accounts',
  'sessions',
  'profiles',
  'services',
  'service_requests',
  'portfolio_items',
  'reviews',
  'messages',
  'disputes',
  'newsletter_subscriptions',
];

let app: TestApp;
let owner: TestUser;
let client: TestUser;
let serviceId: string;
let requestId: string;
let itemId: string;
let conversationId: string;

/** Every table's row count and a digest of its contents. */
async function snapshot() {
  const result: Record<string, unknown> = {};
  for (const table of TABLES) {
    const { rows } = await app.database.db.execute(
      sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
               from ${table} t`),
    );
    result[table] = rows[0];
  }
  return result;
}

/** A message a person can act on: ours, not a schema library's default or an internal error. */
function expectClearMessage(message: string | undefined) {
  expect(message).toBeTruthy();
  expect(message).not.toMatch(/too big|too_big|invalid input|expected string|unexpected error/i);
  expect(message!.length).toBeLessThan(200);
}

async function expectRefused(who: TestUser | null, path: string, input: unknown) {
  const before = await snapshot();
  const result = await trpcAs(app).callRaw(who, path, input);
  expect(result.status, `${path} answered ${result.status}`).toBeGreaterThanOrEqual(400);
  expect(result.status).toBeLessThan(500);
  expectClearMessage(result.error?.message);
  expect(await snapshot()).toEqual(before);
}

const service = () => ({
  title: 'Guitar lessons for beginners',
  description: 'Learn chords and your first songs in four weeks.',
  category_id: SERVICE_CATEGORIES[1]!.id,
  price: 20,
  pricing_type: 'hourly' as const,
  delivery_method: 'virtual' as const,
  service_location: null,
  image_url: '',
});
const request = () => ({
  title: 'Need a logo',
  description: 'A simple logo for our school club.',
  service_category_id: SERVICE_CATEGORIES[1]!.id,
  pricing_type: 'fixed' as const,
  budget: '30',
  image_url: '',
});
const item = () => ({ title: 'Robot arm', description: 'Built at school', projectUrl: '', imageUrl: '' });
const profile = () => ({
  firstName: 'Alex',
  lastName: 'Kim',
  bio: 'Hi',
  school: 'North High',
  dateOfBirth: '2004-03-01',
});

beforeAll(async () => {
  app = await createTestApp();
  owner = await testUser(app);
  client = await testUser(app);
  const { ok } = trpcAs(app);
  ({ id: serviceId } = await ok(owner, 'services.create', service()));
  ({ id: requestId } = await ok(owner, 'requests.create', request()));
  ({ id: itemId } = await ok(owner, 'portfolio.create', item()));
  // Zod refuses these texts before any row is read, so an open (unpaid) conversation is enough.
  ({ id: conversationId } = await ok(client, 'conversations.request', { serviceId }));
});
afterAll(() => app.close());

async function authCall(path: string, body: Record<string, unknown>) {
  return app.server.inject({
    method: 'POST',
    url: `/api/auth/${path}`,
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    remoteAddress: nextClientIp(),
  });
}

describe('sign-up and sign-in refuse 1 MB texts', () => {
  const valid = () => ({
    email: uniqueEmail('limits'),
    password: 'Sturdy-pass-1',
    firstName: 'Alex',
    lastName: 'Kim',
    dateOfBirth: '2004-03-01',
    taxResponsibility: true,
  });
  for (const field of ['firstName', 'lastName', 'email', 'password'] as const) {
    it(`sign-up with a 1 MB ${field}`, async () => {
      const before = await snapshot();
      const response = await authCall('sign-up/email', {
        ...valid(),
        [field]: field === 'email' ? HUGE_EMAIL : field === 'password' ? `Aa1!${HUGE}` : HUGE,
      });
      expect(response.statusCode).toBe(400);
      expectClearMessage((response.json() as { message?: string }).message);
      expect(await snapshot()).toEqual(before);
    });
  }

  it('sign-up names longer than 50 characters are refused, as in the profile form', async () => {
    const response = await authCall('sign-up/email', { ...valid(), firstName: 'A'.repeat(51) });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toBe('Names must be at most 50 characters.');
  });

  for (const field of ['email', 'password'] as const) {
    it(`sign-in with a 1 MB ${field}`, async () => {
      const before = await snapshot();
      const response = await authCall('sign-in/email', {
        email: field === 'email' ? HUGE_EMAIL : owner.email,
        password: field === 'password' ? HUGE : 'Sturdy-pass-1',
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(await snapshot()).toEqual(before);
    });
  }
});

describe('every form refuses 1 MB texts and changes nothing', () => {
  for (const field of ['firstName', 'lastName', 'bio', 'school', 'dateOfBirth'] as const) {
    it(`profile ${field}`, () => expectRefused(owner, 'profiles.update', { ...profile(), [field]: HUGE }));
  }
  for (const field of ['title', 'description', 'image_url'] as const) {
    it(`new service ${field}`, () => expectRefused(owner, 'services.create', { ...service(), [field]: HUGE }));
    it(`edited service ${field}`, () =>
      expectRefused(owner, 'services.update', { id: serviceId, fields: { ...service(), [field]: HUGE } }));
  }
  for (const field of ['title', 'description', 'budget', 'image_url'] as const) {
    it(`new request ${field}`, () => expectRefused(owner, 'requests.create', { ...request(), [field]: HUGE }));
    it(`edited request ${field}`, () =>
      expectRefused(owner, 'requests.update', { id: requestId, fields: { ...request(), [field]: HUGE } }));
  }
  for (const field of ['title', 'description', 'projectUrl', 'imageUrl'] as const) {
    it(`new portfolio item ${field}`, () => expectRefused(owner, 'portfolio.create', { ...item(), [field]: HUGE }));
    it(`edited portfolio item ${field}`, () =>
      expectRefused(owner, 'portfolio.update', { id: itemId, fields: { ...item(), [field]: HUGE } }));
  }
  it('review comment', () => expectRefused(client, 'reviews.submit', { conversationId, rating: 5, comment: HUGE }));
  it('guardian email', () => expectRefused(owner, 'payouts.createAccount', { guardian_email: HUGE }));
  it('payouts date of birth', () => expectRefused(owner, 'payouts.saveDateOfBirth', { dateOfBirth: HUGE }));
  it('chat message', () => expectRefused(client, 'conversations.send', { id: conversationId, text: HUGE }));
  it('dispute description', () =>
    expectRefused(client, 'settlement.dispute', {
      conversationId,
      reason: 'Other',
      description: HUGE,
    }));
});

describe('searches and ids have maximums too', () => {
  it('a long search on the public listing is refused with a message', async () => {
    const response = await app.server.inject({
      method: 'GET',
      url: `${LISTING_PATHS.services}?search=${'x'.repeat(5000)}`,
    });
    expect(response.statusCode).toBe(400);
    expectClearMessage((response.json() as { error: string }).error);
  });

  it('a long search through tRPC is refused', async () => {
    const result = await trpcAs(app).call(null, 'requests.list', { search: 'x'.repeat(5000) });
    expect(result.status).toBe(400);
  });
});
