import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../src/domain/categories';
import { LISTING_PATHS } from '../../src/domain/listing-filters';
import { testUser, trpcAs, type TestUser } from '../../src/server/testing/marketplace';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../src/server/testing/test-app';

/** A minor's home, as "use this device's location" fills it in (4 decimals, about 11 m). */
const HOME = { latitude: 40.7127, longitude: -74.0059, radius: 2 };
const AREA = { latitude: 40.71, longitude: -74.01, radius: 2 };

type Card = { id: string; serviceLocation: typeof HOME | null };

let app: TestApp;
let provider: TestUser;
let stranger: TestUser;
let serviceId: string;

beforeAll(async () => {
  app = await createTestApp();
  provider = await testUser(app, { dateOfBirth: '2011-05-01' });
  stranger = await testUser(app);
  const { ok } = trpcAs(app);
  ({ id: serviceId } = await ok(provider, 'services.create', {
    title: 'Dog walking near the park',
    description: 'I walk dogs after school, any size, any weather.',
    category_id: SERVICE_CATEGORIES[0]!.id,
    price: 10,
    pricing_type: 'hourly',
    delivery_method: 'in-person',
    service_location: HOME,
    image_url: '',
  }));
});
afterAll(() => app.close());

const isExact = (location: Card['serviceLocation']) =>
  location?.latitude === HOME.latitude && location?.longitude === HOME.longitude;

describe('exact service coordinates are only for their owner', () => {
  it('a visitor opening the service page gets the area (about 1 km), not the home', async () => {
    const { call } = trpcAs(app);
    const result = await call(null, 'services.get', { id: serviceId });
    expect(result.status).toBe(200);
    expect(result.data!.serviceLocation).toEqual(AREA);
  });

  it('another signed-in user gets the area too, on the page and on the provider profile', async () => {
    const { ok } = trpcAs(app);
    expect((await ok(stranger, 'services.get', { id: serviceId })).serviceLocation).toEqual(AREA);
    const listed = await ok(stranger, 'services.byUser', { userId: provider.id });
    expect(listed.find((s) => s.id === serviceId)!.serviceLocation).toEqual(AREA);
  });

  it('the public listings (plain GET and tRPC) carry the area only', async () => {
    const response = await app.server.inject({
      method: 'GET',
      url: `${LISTING_PATHS.services}?search=dog+walking`,
      headers: { origin: TEST_ORIGIN },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(String(HOME.latitude));
    const page = response.json() as { items: Card[] };
    expect(page.items.find((s) => s.id === serviceId)!.serviceLocation).toEqual(AREA);

    const { ok } = trpcAs(app);
    const viaTrpc = await ok(stranger, 'services.list', { search: 'dog walking' });
    expect(viaTrpc.items.find((s) => s.id === serviceId)!.serviceLocation).toEqual(AREA);
    // The owner reads the shared listing too: it is the same public page for everyone.
    const asOwner = await ok(provider, 'services.list', { search: 'dog walking' });
    expect(isExact(asOwner.items.find((s) => s.id === serviceId)!.serviceLocation)).toBe(false);
  });

  it('the owner still sees and edits the exact point', async () => {
    const { ok } = trpcAs(app);
    expect((await ok(provider, 'services.get', { id: serviceId })).serviceLocation).toEqual(HOME);
    const mine = await ok(provider, 'services.mine');
    expect(mine.find((s) => s.id === serviceId)!.serviceLocation).toEqual(HOME);
  });
});
