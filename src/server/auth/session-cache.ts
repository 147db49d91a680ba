import { LRUCache } from 'lru-cache';
import type { EventBus } from '../realtime/event-bus';
import { channels } from '../realtime/channels';

/**
 * How long a session read from the database is trusted without reading it again. Every path that ends a session
 * announces it (sign-out, deletion, password change, "sign out other devices", the socket registry finding a deleted
 * row), and the cache lets go at once; this bounds only a row deleted behind the application's back.
 */
export const SESSION_CACHE_TTL_MS = 15_000;
/** Sessions remembered at once: the users active in the last few seconds on this server. */
export const SESSION_CACHE_MAX = 20_000;

export interface CachedSession<S> {
  value: S;
  sessionId: string;
  expiresAt: Date;
}

/**
 * A session that answers the request that loaded it and is never remembered: better-auth found it, but not under
 * the token it would be remembered by (a planted cookie beside the real one must not become a key to it).
 */
export interface UnrememberedSession<S> {
  value: S;
  remember: false;
}

export interface SessionCache {
  /**
   * The session behind a session cookie: from memory when it was read in the last seconds, otherwise `load`
   * (better-auth). A missing or ended session is never remembered, nor one `load` marks `remember: false`.
   */
  read<S>(token: string, load: () => Promise<CachedSession<S> | UnrememberedSession<S> | null>): Promise<S | null>;
  close(): void;
}

/**
 * Reading the session was a database round trip (or two) on every call, most of a chat message's cost. Entries
 * leave on the revocation events of every server (the bus carries them), a few seconds after they were read, or
 * when the session expires, whichever comes first.
 */
export function createSessionCache(
  bus: EventBus,
  { ttlMs = SESSION_CACHE_TTL_MS, max = SESSION_CACHE_MAX }: { ttlMs?: number; max?: number } = {},
): SessionCache {
  const byToken = new LRUCache<string, CachedSession<unknown>>({ max, ttl: ttlMs });
  // A read that started before a revocation must not store what it read after it.
  let generation = 0;
  const stop = new AbortController();

  /**
   * Any session's end empties the whole cache: sessions end rarely next to the reads it saves, and forgetting by
   * token would miss a session remembered under a second key.
   */
  function forgetAll() {
    generation++;
    byToken.clear();
  }

  const listen = async <T>(iterable: AsyncIterable<T>, onEvent: (event: T) => void) => {
    try {
      for await (const event of iterable) onEvent(event);
    } catch (error) {
      if ((error as Error).name !== 'AbortError') throw error;
    }
  };
  void listen(bus.subscribe(channels.sessionEnded, { signal: stop.signal }), forgetAll);
  void listen(bus.subscribe(channels.sessionsChanged, { signal: stop.signal }), forgetAll);

  return {
    async read<S>(token: string, load: () => Promise<CachedSession<S> | UnrememberedSession<S> | null>) {
      const cached = byToken.get(token);
      if (cached && cached.expiresAt.getTime() > Date.now()) return cached.value as S;
      const started = generation;
      const loaded = await load();
      if (!loaded) return null;
      if ('remember' in loaded) return loaded.value;
      const ttl = Math.min(ttlMs, loaded.expiresAt.getTime() - Date.now());
      if (started === generation && ttl > 0) byToken.set(token, loaded, { ttl });
      return loaded.value;
    },
    close: () => stop.abort(),
  };
}
