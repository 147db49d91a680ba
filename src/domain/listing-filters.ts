import { DELIVERY_METHODS, type DeliveryMethod } from './services';

/** Price buckets of spec 2 section 5: inclusive bounds; 100+ means at least 100. */
export const PRICE_BUCKETS = ['any', '0-25', '25-50', '50-100', '100+'] as const;
export type PriceBucket = (typeof PRICE_BUCKETS)[number];

export const PRICE_BUCKET_LABELS: Record<PriceBucket, string> = {
  any: 'Any price',
  '0-25': '$0 – $25',
  '25-50': '$25 – $50',
  '50-100': '$50 – $100',
  '100+': '$100+',
};

/** The bucket as cents, both bounds inclusive; max null means no upper bound. */
export function priceBucketRange(bucket: PriceBucket): { minCents: number; maxCents: number | null } | null {
  if (bucket === 'any') return null;
  if (bucket === '100+') return { minCents: 10_000, maxCents: null };
  const [min, max] = bucket.split('-').map(Number) as [number, number];
  return { minCents: min * 100, maxCents: max * 100 };
}

export function priceInBucket(priceCents: number, bucket: PriceBucket): boolean {
  const range = priceBucketRange(bucket);
  if (!range) return true;
  return priceCents >= range.minCents && (range.maxCents === null || priceCents <= range.maxCents);
}

export const METHOD_FILTERS = ['any', ...DELIVERY_METHODS] as const;
export type MethodFilter = (typeof METHOD_FILTERS)[number];

/**
 * The delivery methods a service may have to match the chosen filter: a service offered both ways matches any
 * chosen method, and choosing "both" matches everything. Null means no restriction.
 */
export function deliveryMethodsMatching(filter: MethodFilter): DeliveryMethod[] | null {
  if (filter === 'any' || filter === 'both') return null;
  return [filter, 'both'];
}

export function serviceMatchesMethod(method: DeliveryMethod, filter: MethodFilter): boolean {
  const allowed = deliveryMethodsMatching(filter);
  return allowed === null || allowed.includes(method);
}

export const LISTING_PAGE_SIZE = 24;
export const SEARCH_MAX = 100;
/** Where the web app reads the public listings: plain GETs, so the server can answer repeated filters from memory. */
export const LISTING_PATHS = { services: '/api/listings/services', requests: '/api/listings/requests' } as const;

export interface ListingQueryInput {
  search?: string;
  categoryId?: string | null;
  price?: PriceBucket;
  method?: MethodFilter;
  cursor?: { createdAt: string; id: string } | null;
  limit?: number;
}

/** A listing's filters as a flat query string; defaults are left out so equal filters give equal URLs. */
export function listingToQuery(input: ListingQueryInput): string {
  const params = new URLSearchParams();
  if (input.search) params.set('search', input.search);
  if (input.categoryId) params.set('categoryId', input.categoryId);
  if (input.price && input.price !== 'any') params.set('price', input.price);
  if (input.method && input.method !== 'any') params.set('method', input.method);
  if (input.cursor) {
    params.set('after', input.cursor.createdAt);
    params.set('afterId', input.cursor.id);
  }
  if (input.limit) params.set('limit', String(input.limit));
  return params.toString();
}

/** The inverse of listingToQuery, ready for the listing schemas (which validate every field). */
export function listingFromQuery(query: Record<string, string | undefined>): Record<string, unknown> {
  return {
    search: query.search,
    categoryId: query.categoryId || null,
    price: query.price,
    method: query.method,
    cursor: query.after || query.afterId ? { createdAt: query.after, id: query.afterId } : null,
    limit: query.limit === undefined ? undefined : Number(query.limit),
  };
}

/**
 * The discovery filters a page's address holds (`q`, `categoryId`, `price`, `method`); anything unknown reads as
 * "any". The page and the server's render both read them here, so the listing's query key is the same on both.
 */
export function serviceFiltersFromAddress(params: URLSearchParams): {
  search: string;
  categoryId: string | null;
  price: PriceBucket;
  method: MethodFilter;
} {
  const price = params.get('price');
  const method = params.get('method');
  return {
    search: params.get('q') ?? '',
    categoryId: params.get('categoryId'),
    price: PRICE_BUCKETS.includes(price as PriceBucket) ? (price as PriceBucket) : 'any',
    method: METHOD_FILTERS.includes(method as MethodFilter) ? (method as MethodFilter) : 'any',
  };
}

/** The inverse of serviceFiltersFromAddress: the page's address for these filters, defaults left out. */
export function serviceFiltersToAddress(filters: ReturnType<typeof serviceFiltersFromAddress>): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('q', filters.search);
  if (filters.categoryId) params.set('categoryId', filters.categoryId);
  if (filters.price !== 'any') params.set('price', filters.price);
  if (filters.method !== 'any') params.set('method', filters.method);
  return params;
}
