import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../../domain/categories';
import { LISTING_PATHS, listingToQuery, type ListingQueryInput } from '../../../domain/listing-filters';
import { services } from '../../db/schema/services';
import type { InputOf } from '../../testing/procedures';
import { callTrpc, createTestApp, signUp, upload, userIdOf, type TestApp } from '../../testing/test-app';

let app: TestApp;
let owner: { cookie: string; id: string };
const [webDev, design] = SERVICE_CATEGORIES;

type Page = {
  items: {
    id: string;
    title: string;
    priceCents: number;
    deliveryMethod: string;
    categoryName: string | null;
    ownerFirstName: string | null;
  }[];
  nextCursor: { createdAt: string; id: string } | null;
};

const base = {
  description: 'A long enough description for this service.',
  category_id: webDev!.id,
  pricing_type: 'fixed' as const,
  service_location: null,
  image_url: '',
};
const here = { latitude: 40.7128, longitude: -74.006, radius: 5 };

type ServiceInput = InputOf<'services.create'>;

/** What `base` leaves out is required; anything else may override it. */
async function offer(cookie: string, fields: Omit<ServiceInput, keyof typeof base> & Partial<ServiceInput>) {
  const result = await callTrpc(app, 'services.create', { input: { ...base, ...fields }, cookie });
  expect(result.status, JSON.stringify(result.error)).toBe(200);
  return result.data!.id;
}

/** Through the plain route the web app reads (its query string made by the same domain helper). */
async function list(input: ListingQueryInput) {
  const response = await app.server.inject({ url: `${LISTING_PATHS.services}?${listingToQuery(input)}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
}

beforeAll(async () => {
  app = await createTestApp();
  const { cookie } = await signUp(app, { firstName: 'Owner' });
  owner = { cookie, id: await userIdOf(app, cookie) };
  await offer(cookie, { title: 'Cheap virtual tutoring', price: 10, delivery_method: 'virtual' });
  await offer(cookie, { title: 'Edge twenty five', price: 25, delivery_method: 'in-person', service_location: here });
  await offer(cookie, {
    title: 'Mid logo design',
    price: 40,
    delivery_method: 'both',
    service_location: here,
    category_id: design!.id,
  });
  await offer(cookie, { title: 'Exactly one hundred', price: 100, delivery_method: 'virtual', pricing_type: 'hourly' });
  await offer(cookie, {
    title: 'Premium WEBSITE build',
    price: 450,
    delivery_method: 'in-person',
    service_location: here,
  });
});
afterAll(() => app.close());

const titles = (page: Page) => page.items.map((s) => s.title).sort();

describe('discovery filters', () => {
  it('lists everything newest first with category and owner names', async () => {
    const page = await list({});
    expect(page.items.map((s) => s.title)).toEqual([
      'Premium WEBSITE build',
      'Exactly one hundred',
      'Mid logo design',
      'Edge twenty five',
      'Cheap virtual tutoring',
    ]);
    expect(page.items[2]).toMatchObject({ categoryName: 'Design', ownerFirstName: 'Owner', priceCents: 4000 });
  });

  it.each([
    [{ price: '0-25' }, ['Cheap virtual tutoring', 'Edge twenty five']],
    [{ price: '25-50' }, ['Edge twenty five', 'Mid logo design']],
    [{ price: '50-100' }, ['Exactly one hundred']],
    [{ price: '100+' }, ['Exactly one hundred', 'Premium WEBSITE build']],
    [{ method: 'virtual' }, ['Cheap virtual tutoring', 'Exactly one hundred', 'Mid logo design']],
    [{ method: 'in-person' }, ['Edge twenty five', 'Mid logo design', 'Premium WEBSITE build']],
    [
      { method: 'both' },
      ['Cheap virtual tutoring', 'Edge twenty five', 'Exactly one hundred', 'Mid logo design', 'Premium WEBSITE build'],
    ],
    [{ search: 'website' }, ['Premium WEBSITE build']],
    [{ search: 'LOGO' }, ['Mid logo design']],
    [
      { search: 'long enough' },
      ['Cheap virtual tutoring', 'Edge twenty five', 'Exactly one hundred', 'Mid logo design', 'Premium WEBSITE build'],
    ],
    [{ search: '100%' }, []],
    [{ categoryId: design!.id }, ['Mid logo design']],
    [{ categoryId: webDev!.id, price: '100+', method: 'in-person' }, ['Premium WEBSITE build']],
    [{ search: 'e', price: '0-25', method: 'virtual' }, ['Cheap virtual tutoring']],
  ] as [ListingQueryInput, string[]][])('%j -> %j', async (filters, expected) => {
    expect(titles(await list(filters))).toEqual([...expected].sort());
  });

  it('pages with a cursor, without gaps or repeats', async () => {
    const first = await list({ limit: 2 });
    const second = await list({ limit: 2, cursor: first.nextCursor });
    const third = await list({ limit: 2, cursor: second.nextCursor });
    expect([...first.items, ...second.items, ...third.items].map((s) => s.title)).toEqual(
      (await list({})).items.map((s) => s.title),
    );
    expect(third.nextCursor).toBeNull();
  });

  it('pages through services created in the same instant (one seed statement) without gaps or repeats', async () => {
    const { cookie } = await signUp(app, { firstName: 'Batch' });
    const userId = await userIdOf(app, cookie);
    // Microseconds, as now() gives them: a cursor made in JavaScript only has milliseconds.
    const createdAt = sql`'2020-01-01 00:00:00.123456+00'::timestamptz`;
    const batch = Array.from({ length: 7 }, (_, i) => ({
      userId,
      title: `Batch service ${i}`,
      description: 'Inserted together, as the seed does.',
      categoryId: design!.id,
      priceCents: 1000,
      pricingType: 'fixed' as const,
      deliveryMethod: 'virtual' as const,
      createdAt,
    }));
    await app.database.db.insert(services).values(batch);
    const seen: string[] = [];
    let cursor: Page['nextCursor'] = null;
    do {
      const page = await list({ search: 'batch service', limit: 3, cursor });
      seen.push(...page.items.map((s) => s.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(batch.map((s) => s.title).sort());
    const typed = await callTrpc(app, 'services.list', { input: { search: 'batch service', limit: 60 } });
    expect(typed.data!.items).toHaveLength(7);
  });

  it('refuses malformed filters with a message and no results', async () => {
    for (const query of [
      'price=cheap',
      'method=teleport',
      'limit=1000',
      'categoryId=nope',
      'after=yesterday&afterId=x',
    ]) {
      const response = await app.server.inject({ url: `${LISTING_PATHS.services}?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ error: string }>().error.length, query).toBeGreaterThan(0);
    }
  });

  it('shows a new, edited or deleted service and a renamed owner at once, though pages are cached', async () => {
    const { cookie } = await signUp(app, { firstName: 'Fresh' });
    const filters = { search: 'freshly baked' };
    expect((await list(filters)).items).toHaveLength(0);
    const id = await offer(cookie, { title: 'Freshly baked websites', price: 30, delivery_method: 'virtual' });
    expect((await list(filters)).items.map((s) => s.ownerFirstName)).toEqual(['Fresh']);
    const renamed = await callTrpc(app, 'profiles.update', {
      cookie,
      input: { firstName: 'Renamed', lastName: 'Owner', bio: '', school: '', dateOfBirth: '' },
    });
    expect(renamed.status, JSON.stringify(renamed.error)).toBe(200);
    expect((await list(filters)).items.map((s) => s.ownerFirstName)).toEqual(['Renamed']);
    const deleted = await callTrpc(app, 'services.delete', { cookie, input: { id } });
    expect(deleted.status).toBe(200);
    expect((await list(filters)).items).toHaveLength(0);
  });
});

describe('offering and owning a service', () => {
  it('refuses invalid offers with the spec’s messages', async () => {
    const noLocation = await callTrpc(app, 'services.create', {
      input: { ...base, title: 'In person please', price: 5, delivery_method: 'in-person' },
      cookie: owner.cookie,
    });
    expect(noLocation.error?.message).toBe('Service location is required for in-person or hybrid delivery methods');
    const negative = await callTrpc(app, 'services.create', {
      input: { ...base, title: 'Negative price', price: -5, delivery_method: 'virtual' },
      cookie: owner.cookie,
    });
    expect(negative.error?.message).toBe('Price cannot be negative');
  });

  it('a visitor cannot offer; nobody but the owner can edit or delete', async () => {
    const id = await offer(owner.cookie, { title: 'Guarded service', price: 5, delivery_method: 'virtual' });
    expect(
      (
        await callTrpc(app, 'services.create', {
          input: { ...base, title: 'Anonymous', price: 1, delivery_method: 'virtual' },
        })
      ).status,
    ).toBe(401);
    const other = await signUp(app);
    const edit = await callTrpc(app, 'services.update', {
      input: { id, fields: { ...base, title: 'Hijacked', price: 1, delivery_method: 'virtual' } },
      cookie: other.cookie,
    });
    expect(edit.status).toBe(403);
    expect((await callTrpc(app, 'services.delete', { input: { id }, cookie: other.cookie })).status).toBe(403);
    expect((await callTrpc(app, 'services.get', { input: { id } })).data).toMatchObject({ title: 'Guarded service' });

    const renamed = await callTrpc(app, 'services.update', {
      input: { id, fields: { ...base, title: 'Renamed service', price: 7.5, delivery_method: 'virtual' } },
      cookie: owner.cookie,
    });
    expect(renamed.status).toBe(200);
    expect((await callTrpc(app, 'services.get', { input: { id } })).data).toMatchObject({
      title: 'Renamed service',
      priceCents: 750,
    });
    expect((await callTrpc(app, 'services.delete', { input: { id }, cookie: owner.cookie })).status).toBe(200);
    expect((await callTrpc(app, 'services.get', { input: { id } })).status).toBe(404);
  });

  it('service images: checked by content and limited to 5 MB, only the uploader’s own', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const ok = await upload(app, 'service', png, { cookie: owner.cookie });
    expect(ok.json.url).toMatch(/^\/files\/service-images\//);
    const fake = await upload(app, 'service', Buffer.from('GIF89a? no, text'), {
      cookie: owner.cookie,
      type: 'image/gif',
    });
    expect(fake.json.error).toBe('Please select an image file');
    const big = await upload(app, 'service', Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), {
      cookie: owner.cookie,
    });
    expect(big.json.error).toBe('File size must be less than 5MB');
    const other = await signUp(app);
    const stolen = await callTrpc(app, 'services.create', {
      input: { ...base, title: 'With stolen image', price: 1, delivery_method: 'virtual', image_url: ok.json.url! },
      cookie: other.cookie,
    });
    expect(stolen.status).toBe(400);
  });

  it('My Services lists only the signed-in user’s services', async () => {
    const other = await signUp(app);
    await offer(other.cookie, { title: 'Someone else offers', price: 3, delivery_method: 'virtual' });
    const mine = (await callTrpc(app, 'services.mine', { cookie: other.cookie })).data!;
    expect(mine.map((s) => s.title)).toEqual(['Someone else offers']);
    expect((await callTrpc(app, 'services.mine')).status).toBe(401);
  });
});
