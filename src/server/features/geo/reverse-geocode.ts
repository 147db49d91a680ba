import { LRUCache } from 'lru-cache';
import { coordinateKey, labelFromFeatures, LOCATION_FALLBACK } from '../../../domain/geo';

const TIMEOUT_MS = 3000;
/** Bounded in entries and time: labels are short, and a place's name may change, so a day is plenty. */
export const GEOCODE_CACHE_MAX_ENTRIES = 10_000;
export const GEOCODE_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
const cache = new LRUCache<string, string>({ max: GEOCODE_CACHE_MAX_ENTRIES, ttl: GEOCODE_CACHE_TTL_MS });

/** How many labels are cached (the security battery checks the bound). */
export function reverseGeocodeCacheSize(): number {
  return cache.size;
}

/**
 * "place, region" for a point, through Mapbox when MAPBOX_TOKEN is set; "Location" without a token or on any
 * failure. Answers are cached by coordinates rounded to 4 decimals; failures are not, so they are retried.
 */
export async function reverseGeocode(
  token: string | undefined,
  latitude: number,
  longitude: number,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
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
