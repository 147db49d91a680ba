import { LRUCache } from 'lru-cache';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { coordinateKey, labelFromFeatures, LOCATION_FALLBACK } from '../../../domain/geo';
import { AppError } from '../../errors';

const TIMEOUT_MS = 3000;
/** Bounded in entries and time: labels are short, and a place's name may change, so a day is plenty. */
export const GEOCODE_CACHE_MAX_ENTRIES = 10_000;
export const GEOCODE_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
const cache = new LRUCache<string, string>({ max: GEOCODE_CACHE_MAX_ENTRIES, ttl: GEOCODE_CACHE_TTL_MS });

/**
 * Lookups per user per minute: each new point may be a paid provider call. The service page asks once per service
 * viewed (and shows "Location" when refused), so only a script reaches this.
 */
export const GEOCODE_PER_USER = { points: 30, windowSeconds: 60 } as const;
export const GEOCODE_RATE_LIMITED_MESSAGE = 'Too many location lookups. Please wait a minute and try again.';
const lookupsPerUser = new RateLimiterMemory({
  keyPrefix: 'geo-reverse',
  points: GEOCODE_PER_USER.points,
  duration: GEOCODE_PER_USER.windowSeconds,
});

/** How many labels are cached (the security battery checks the bound). */
export function reverseGeocodeCacheSize(): number {
  return cache.size;
}

/**
 * "place, region" for a point, through Mapbox when MAPBOX_TOKEN is set; "Location" without a token or on any
 * failure. Answers are cached by coordinates rounded to 4 decimals; failures are not, so they are retried. Every
 * lookup counts against the user's window, cached or not, so the limit does not depend on what others asked.
 */
export async function reverseGeocode(
  deps: { token: string | undefined; fetch?: typeof fetch },
  actor: { id: string },
  { latitude, longitude }: { latitude: number; longitude: number },
): Promise<string> {
  const { token, fetch: fetchImpl = fetch } = deps;
  try {
    await lookupsPerUser.consume(actor.id);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new AppError('RATE_LIMITED', GEOCODE_RATE_LIMITED_MESSAGE);
    throw error;
  }
  if (!token) return LOCATION_FALLBACK;
  const key = coordinateKey(latitude, longitude);
  const cached = cache.get(key);
  if (cached) return cached;
  try {
    const url = new URL(`https://api.mapbox.com/geocoding/v5/mapbox.places/${longitude},${latitude}.json`);
    url.searchParams.set('types', 'place,locality,neighborhood');
    url.searchParams.set('access_token', token);
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) return LOCATION_FALLBACK;
    const label = labelFromFeatures(((await response.json()) as { features?: [] }).features);
    if (label !== LOCATION_FALLBACK) cache.set(key, label);
    return label;
  } catch {
    return LOCATION_FALLBACK;
  }
}
