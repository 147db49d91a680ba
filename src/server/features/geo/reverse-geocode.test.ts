import { describe, expect, it, vi } from 'vitest';
import { reverseGeocode } from './reverse-geocode';

const actor = { id: 'unit-test-user' };
const answer = { features: [{ text: 'Austin', place_type: ['place'], context: [{ id: 'region.9', text: 'Texas' }] }] };

describe('reverseGeocode', () => {
  it('says Location without a token, without calling out', async () => {
    const fetchImpl = vi.fn();
    expect(
      await reverseGeocode({ token: undefined, fetch: fetchImpl }, actor, { latitude: 30.2672, longitude: -97.7431 }),
    ).toBe('Location');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('asks once per rounded coordinate and caches the label', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(answer)));
    expect(
      await reverseGeocode({ token: 'tok', fetch: fetchImpl }, actor, { latitude: 30.26721, longitude: -97.74311 }),
    ).toBe('Austin, Texas');
    expect(
      await reverseGeocode({ token: 'tok', fetch: fetchImpl }, actor, { latitude: 30.26724, longitude: -97.74314 }),
    ).toBe('Austin, Texas');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('falls back to Location when the provider fails', async () => {
    expect(
      await reverseGeocode({ token: 'tok', fetch: async () => new Response('nope', { status: 500 }) }, actor, {
        latitude: 1,
        longitude: 1,
      }),
    ).toBe('Location');
    expect(
      await reverseGeocode({ token: 'tok', fetch: async () => Promise.reject(new Error('offline')) }, actor, {
        latitude: 2,
        longitude: 2,
      }),
    ).toBe('Location');
  });
});
