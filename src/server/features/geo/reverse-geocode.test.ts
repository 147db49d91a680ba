import { describe, expect, it, vi } from 'vitest';
import { reverseGeocode } from './reverse-geocode';

const actor = { id: 'unit-test-user' };
const answer = { features: [{ text: 'Austin', place_type: ['place'], context: [{ id: 'region.9', text: 'Texas' }] }] };

describe('reverseGeocode', () => {
  it('says Location without a token, without calling out', async () => {
    const fetchImpl = vi.fn();
    expect(await reverseGeocode(actor, undefined, 30.2672, -97.7431, fetchImpl)).toBe('Location');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('asks once per rounded coordinate and caches the label', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(answer)));
    expect(await reverseGeocode(actor, 'tok', 30.26721, -97.74311, fetchImpl)).toBe('Austin, Texas');
    expect(await reverseGeocode(actor, 'tok', 30.26724, -97.74314, fetchImpl)).toBe('Austin, Texas');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('falls back to Location when the provider fails', async () => {
    expect(await reverseGeocode(actor, 'tok', 1, 1, async () => new Response('nope', { status: 500 }))).toBe(
      'Location',
    );
    expect(await reverseGeocode(actor, 'tok', 2, 2, async () => Promise.reject(new Error('offline')))).toBe('Location');
  });
});
