import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import type { requestListingSchema, serviceListingSchema } from '../../../domain/listing-schemas';
import type { Db } from '../../db/database';
import type { EventBus } from '../../realtime/event-bus';
import { servicesChannels } from '../services/services.channels';
import { listRequests } from '../requests/list-requests';
import { listServices } from '../services/list-services';

type ServicePage = Awaited<ReturnType<typeof listServices>>;
type RequestPage = Awaited<ReturnType<typeof listRequests>>;

/** A page of a public listing, with its JSON made once so the HTTP route sends it as is. */
export interface CachedPage<T> {
  page: T;
  json: string;
}

export interface Listings {
  services(input: z.output<typeof serviceListingSchema>): Promise<CachedPage<ServicePage>>;
  requests(input: z.output<typeof requestListingSchema>): Promise<CachedPage<RequestPage>>;
  close(): void;
}

/** Long enough to absorb a crowd on the same filters; short enough that another server's write shows soon. */
const TTL_MS = 10_000;
/**
 * Memory for cached pages, per listing, in bytes of their JSON (strings held as UTF-16 take up to twice that):
 * thousands of distinct filters or cursors evict older pages instead of growing the server.
 */
export const LISTING_CACHE_BYTES = 8 * 1024 * 1024;
/** A page larger than this is served but not kept, so one page never evicts a whole crowd's. */
const MAX_PAGE_BYTES = 512 * 1024;

/**
 * The public listings answered from memory: everyone browsing the same filters shares one query (concurrent misses
 * wait for the same one). Any write to the catalogue on this server starts a new generation, so a change shows at
 * once here; a page fetched before the write may finish, but it is filed under the old generation and never served.
 */
export function createListings(db: Db, bus: EventBus): Listings {
  let generation = 0;
  const caches: { clear(): void }[] = [];
  const stop = new AbortController();
  void (async () => {
    for await (const _event of bus.subscribe(servicesChannels.catalogue, { signal: stop.signal })) {
      generation++;
      // Pages of the old generation are never served again: free them now rather than when they expire.
      for (const cache of caches) cache.clear();
    }
  })();

  function cached<Input, Page>(kind: string, load: (input: Input) => Promise<Page>) {
    const cache = new LRUCache<string, CachedPage<Page>, unknown>({
      maxSize: LISTING_CACHE_BYTES,
      maxEntrySize: MAX_PAGE_BYTES,
      // The parsed page is kept beside its JSON; both are about the JSON's size.
      sizeCalculation: (entry, key) => 2 * entry.json.length + key.length,
      ttl: TTL_MS,
      fetchMethod: async (_key, _stale, { context }) => {
        const page = await load(context as Input);
        return { page, json: JSON.stringify(page) };
      },
    });
    caches.push(cache);
    return async (input: Input) => {
      const page = await cache.fetch(`${generation}:${kind}:${JSON.stringify(input)}`, { context: input });
      return page!;
    };
  }

  return {
    services: cached('services', (input: z.output<typeof serviceListingSchema>) => listServices({ db }, null, input)),
    requests: cached('requests', (input: z.output<typeof requestListingSchema>) => listRequests({ db }, null, input)),
    close: () => stop.abort(),
  };
}
