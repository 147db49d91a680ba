import { z } from 'zod';
import { LISTING_PAGE_SIZE, METHOD_FILTERS, PRICE_BUCKETS, SEARCH_MAX } from './listing-filters';

// The listings' input schemas, apart from listing-filters.ts: the web's first page reads those filters and paths, and
// zod is not part of what it downloads first.

const SEARCH_TOO_LONG = `Search must be at most ${SEARCH_MAX} characters`;

export const serviceListingSchema = z.object({
  search: z.string().trim().max(SEARCH_MAX, { error: SEARCH_TOO_LONG }).default(''),
  categoryId: z.uuid().nullish(),
  price: z.enum(PRICE_BUCKETS).default('any'),
  method: z.enum(METHOD_FILTERS).default('any'),
  /** The last card of the previous page (newest first). */
  cursor: z.object({ createdAt: z.iso.datetime(), id: z.uuid() }).nullish(),
  limit: z.number().int().min(1).max(60).default(LISTING_PAGE_SIZE),
});
export type ServiceListing = z.input<typeof serviceListingSchema>;

/** The requests listing: the method filter exists on screen but, as specified, is not applied to the query. */
export const requestListingSchema = z.object({
  search: z.string().trim().max(SEARCH_MAX, { error: SEARCH_TOO_LONG }).default(''),
  categoryId: z.uuid().nullish(),
  price: z.enum(PRICE_BUCKETS).default('any'),
  cursor: z.object({ createdAt: z.iso.datetime(), id: z.uuid() }).nullish(),
  limit: z.number().int().min(1).max(60).default(LISTING_PAGE_SIZE),
});
export type RequestListing = z.input<typeof requestListingSchema>;
