import { LRUCache } from 'lru-cache';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { MEDIA_MESSAGES, ROOM_LIMITS } from '../../../domain/rooms';
import { AppError } from '../../errors';
import { fetchGifs, type Gif, type GifQuery } from './giphy-client';

/**
 * Answers are kept a few minutes: trending changes slowly, and the same search typed by a class is one Giphy call
 * (Giphy's keys have a call quota). Bounded in entries; a day of distinct searches cannot grow it.
 */
export const GIF_CACHE_MAX_ENTRIES = 500;
export const GIF_CACHE_TTL_MS = 5 * 60 * 1000;
const cache = new LRUCache<string, Gif[]>({ max: GIF_CACHE_MAX_ENTRIES, ttl: GIF_CACHE_TTL_MS });

/**
 * Lookups per user per minute, cached or not (so the limit does not depend on what others asked). The composer asks
 * once when the GIF tab opens and once per search, so only a script reaches this.
 */
export const GIFS_PER_USER = { points: 30, windowSeconds: 60 } as const;
export const GIFS_RATE_LIMITED_MESSAGE = 'Too many GIF searches. Please wait a minute and try again.';
const lookupsPerUser = new RateLimiterMemory({
  keyPrefix: 'room-gifs',
  points: GIFS_PER_USER.points,
  duration: GIFS_PER_USER.windowSeconds,
});

/**
 * Trending GIFs, or a search, through Giphy (rated G), at most 24. Without GIPHY_API_KEY the GIF tab says GIF
 * search is not configured; when Giphy fails, the composer's own words ("Failed to load trending GIFs", "Failed to
 * search GIFs"). A blank search finds nothing without calling out.
 */
export async function searchGifs(
  deps: { apiKey: string | undefined; apiUrl: string; fetch?: typeof fetch },
  actor: { id: string },
  input: { type: 'trending' | 'search'; q?: string },
): Promise<Gif[]> {
  if (!deps.apiKey) throw new AppError('GIFS_NOT_CONFIGURED');
  try {
    await lookupsPerUser.consume(actor.id);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new AppError('RATE_LIMITED', GIFS_RATE_LIMITED_MESSAGE);
    throw error;
  }
  const q = input.q?.trim() ?? '';
  if (input.type === 'search' && !q) return [];
  const query: GifQuery = input.type === 'search' ? { type: 'search', q } : { type: 'trending' };
  // Searches differing only in case find the same GIFs; the address is part of the key for tests' stand-ins.
  const key = `${deps.apiUrl} ${query.type} ${input.type === 'search' ? q.toLowerCase() : ''}`;
  const cached = cache.get(key);
  if (cached) return cached;
  try {
    const gifs = await fetchGifs(
      { apiUrl: deps.apiUrl, apiKey: deps.apiKey, fetch: deps.fetch },
      query,
      ROOM_LIMITS.gifsPerRequest,
    );
    cache.set(key, gifs);
    return gifs;
  } catch {
    // Giphy's reason (a timeout, a quota, an outage) is of no use to a student picking a GIF.
    throw new AppError('BUSY', input.type === 'search' ? MEDIA_MESSAGES.searchFailed : MEDIA_MESSAGES.trendingFailed);
  }
}

/** How many answers are cached (a test checks the bound). */
export function gifCacheSize(): number {
  return cache.size;
}
