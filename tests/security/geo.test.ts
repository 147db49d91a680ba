import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATION_FALLBACK } from '../../src/domain/geo';
import {
  GEOCODE_CACHE_MAX_ENTRIES,
  GEOCODE_PER_USER,
  GEOCODE_RATE_LIMITED_MESSAGE,
  reverseGeocode,
  reverseGeocodeCacheSize,
} from '../../src/server/features/geo/reverse-geocode';
import { testUser, trpcAs } from '../../src/server/testing/marketplace';
import { createTestApp, type TestApp } from '../../src/server/testing/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('reverse geocoding is for signed-in users, with a bounded cache', () => {
  it('a visitor cannot use the server as a free geocoder', async () => {
    const { call } = trpcAs(app);
    const result = await call(null, 'geo.reverse', { latitude: 40.7, longitude: -74 });
    expect(result.status).toBe(401);
  });

  it('a signed-in user gets a label', async () => {
    const user = await testUser(app);
    const { ok } = trpcAs(app);
    expect(await ok(user, 'geo.reverse', { latitude: 40.7, longitude: -74 })).toBe(LOCATION_FALLBACK);
  });

  it('asking for more distinct points than the cache holds keeps it at its bound', async () => {
    const answer = JSON.stringify({ features: [{ text: 'Somewhere', place_type: ['place'] }] });
    const fetchImpl = async () => new Response(answer);
    for (let i = 0; i < GEOCODE_CACHE_MAX_ENTRIES + 500; i += 1) {
      await reverseGeocode(
        { token: 'token', fetch: fetchImpl },
        { id: `cache-bound-${i}` },
        { latitude: -80 + i / 10_000, longitude: 10 },
      );
    }
    expect(reverseGeocodeCacheSize()).toBeLessThanOrEqual(GEOCODE_CACHE_MAX_ENTRIES);
  });
});

describe('reverse geocoding is rate limited per user (each new point may be a paid call)', () => {
  it('a script asking for many points is refused past the window; other users are not', async () => {
    const scraper = await testUser(app);
    const { call, ok } = trpcAs(app);
    for (let i = 0; i < GEOCODE_PER_USER.points; i += 1) {
      await ok(scraper, 'geo.reverse', { latitude: 10 + i / 100, longitude: 20 });
    }
    const beyond = await call(scraper, 'geo.reverse', { latitude: 11.5, longitude: 20 });
    expect(beyond.status).toBe(429);
    expect(beyond.error?.message).toBe(GEOCODE_RATE_LIMITED_MESSAGE);
    const other = await testUser(app);
    await ok(other, 'geo.reverse', { latitude: 11.5, longitude: 20 });
  });
});
