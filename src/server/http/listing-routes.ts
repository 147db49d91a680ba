import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { LISTING_PATHS, listingFromQuery } from '../../domain/listing-filters';
import { requestListingSchema, serviceListingSchema } from '../../domain/listing-schemas';
import type { CachedPage, Listings } from '../features/listings/listings';

/**
 * The public listings as plain GETs: a tRPC call costs about 0.45 ms in its adapter before any work, ten times a
 * cached page (bench/README.md). The same data as `services.list` and `requests.list`, from the same cache.
 */
export function registerListingRoutes(server: FastifyInstance, listings: Listings) {
  function route<Input>(path: string, schema: ZodType<Input>, load: (input: Input) => Promise<CachedPage<unknown>>) {
    server.get(path, async (request, reply) => {
      const parsed = schema.safeParse(listingFromQuery(request.query as Record<string, string | undefined>));
      if (!parsed.success)
        return reply.status(400).send({ error: parsed.error.issues[0]?.message ?? 'Invalid filters' });
      const { json } = await load(parsed.data);
      return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(json);
    });
  }
  route(LISTING_PATHS.services, serviceListingSchema, listings.services);
  route(LISTING_PATHS.requests, requestListingSchema, listings.requests);
}
