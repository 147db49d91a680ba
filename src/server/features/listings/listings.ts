import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import type { requestListingSchema, serviceListingSchema } from '../../../domain/listing-filters';
import type { Db } from '../../db/database';
import type { EventBus } from '../../realtime/event-bus';
import { channels } from '../../realtime/channels';
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
const MAX_PAGES = 2_000;

/**
 * The public listings answered from memory: everyone browsing the same filters shares one query (concurrent misses
 * wait for the same one). Any write to the catalogue on this server starts a new generation, so a change shows at
 * once here; a page fetched before the write may finish, but it is filed under the old generation and never served.
 */
export function createListings(db: Db, bus: EventBus): Listings {
  let generation = 0;
  const stop = new AbortController();
  void (async () => {
    for await (const _event of bus.subscribe(channels.catalogue, { signal: stop.signal })) generation++;
  })();

  function cached<Input, Page>(kind: string, load: (input: Input) => Promise<Page>) {
    const cache = new LRUCache<string, CachedPage<Page>, unknown>({
      max: MAX_PAGES,
      ttl: TTL_MS,
      fetchMethod: async (_key, _stale, { context }) => {
        const page = await load(context as Input);
        return { page, json: JSON.stringify(page) };
      },
    });
    return async (input: Input) => {
      const page = await cache.fetch(`${generation}:${kind}:${JSON.stringify(input)}`, { context: input });
      return page!;
    };
  }

  return {
    services: cached('services', (input: z.output<typeof serviceListingSchema>) => listServices(db, input)),
    requests: cached('requests', (input: z.output<typeof requestListingSchema>) => listRequests(db, input)),
    close: () => stop.abort(),
  };
}
