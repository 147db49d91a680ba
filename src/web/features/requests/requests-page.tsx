import { ArrowLeft, SlidersHorizontal } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { UNCATEGORIZED } from '../../../domain/categories';
import { HIGHLIGHT_PULSE_MS, HIGHLIGHT_SCROLL_MS, REQUEST_MESSAGES } from '../../../domain/requests';
import { Button } from '../../ui/button';
import { LoadMoreButton } from '../../ui/load-more-button';
import { Tooltip } from '../../ui/tooltip';
import { CategoryHero } from '../services/category-page';
import { categoryOf } from '../services/category-icon';
import { CategoryTiles } from '../services/category-tiles';
import { useFiltersInQuery } from '../services/discover-services-page';
import { ServiceFiltersBar } from '../services/service-filters-bar';
import { useRequestListing } from './api';
import { RequestCard } from './request-card';
import { SendOfferButton } from './send-offer-button';
import { useState } from 'react';

/** /requests and /requests/category/{id}: requests clients posted, with search and filters. */
export function RequestsPage() {
  const { categoryId: routeCategoryId } = useParams();
  const [filters, setFilters] = useFiltersInQuery();
  const [params] = useSearchParams();
  const highlight = params.get('highlight');
  const categoryId = routeCategoryId ?? filters.categoryId;
  const category = categoryOf(categoryId);
  const listing = useRequestListing({ search: filters.search, categoryId: categoryId ?? null, price: filters.price });
  const [pulsing, setPulsing] = useState(highlight);

  useEffect(() => {
    if (!highlight || !listing.data) return;
    const scroll = setTimeout(
      () => document.getElementById(`request-${highlight}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' }),
      HIGHLIGHT_SCROLL_MS,
    );
    const stop = setTimeout(() => setPulsing(null), HIGHLIGHT_PULSE_MS);
    return () => {
      clearTimeout(scroll);
      clearTimeout(stop);
    };
  }, [highlight, listing.data]);

  const heading = categoryId ? `Service Requests in ${category?.name ?? UNCATEGORIZED}` : 'Service Requests';
  const requests = listing.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="flex flex-col">
      {routeCategoryId && (
        <CategoryHero categoryId={category?.id ?? null} title={heading} description={category?.description ?? ''} />
      )}
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-8">
        {routeCategoryId ? (
          <Link to="/requests" className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
            <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Service Requests
          </Link>
        ) : (
          <>
            <Link to="/" className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
              <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Home
            </Link>
            <h1 className="text-3xl font-bold">{heading}</h1>
            <CategoryTiles hrefFor={(id) => `/requests/category/${id}`} activeId={categoryId} />
          </>
        )}
        <div className="flex flex-col gap-3">
          <ServiceFiltersBar
            filters={{ ...filters, categoryId: categoryId ?? null }}
            onChange={setFilters}
            showCategory={!routeCategoryId}
          />
          <FiltersPopover />
        </div>
        {/* Screen-reader users jump by headings: the cards' h3 titles sit under this one. */}
        <h2 className="sr-only">Service requests found</h2>
        {listing.isPending ? (
          <p role="status">Loading requests...</p>
        ) : listing.isError ? (
          <p role="alert">{REQUEST_MESSAGES.loadFailed}</p>
        ) : requests.length === 0 ? (
          <p className="py-10 text-center text-muted-foreground">No service requests match these filters yet.</p>
        ) : (
          <ul aria-label="Requests found" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {requests.map((r) => (
              <li key={r.id}>
                <RequestCard
                  request={r}
                  highlighted={pulsing === r.id || highlight === r.id}
                  actions={<SendOfferButton request={r} />}
                />
              </li>
            ))}
          </ul>
        )}
        <LoadMoreButton listing={listing} />
      </div>
    </div>
  );
}

const NOT_WIRED = 'Requests do not record a location or availability yet, so this filter cannot narrow the list.';

/** Location and availability: shown as the spec lists them, disabled because no request carries that data. */
function FiltersPopover() {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="outline" size="sm" className="self-start">
          <SlidersHorizontal className="h-4 w-4" aria-hidden /> Filters
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={6}
          className="z-50 flex w-72 flex-col gap-4 rounded-lg border bg-background p-4 shadow-lg"
        >
          {[
            { label: 'Location', options: ['Any location', 'Local only', 'Remote only'] },
            { label: 'Availability', options: ['Any time', 'Available now', 'Weekdays', 'Weekends'] },
          ].map((group) => (
            <fieldset key={group.label} className="flex flex-col gap-1.5">
              <legend className="text-sm font-medium">{group.label}</legend>
              <Tooltip content={NOT_WIRED} side="top">
                <select
                  disabled
                  aria-label={group.label}
                  className="h-9 rounded-md border bg-muted px-2 text-sm opacity-60"
                >
                  {group.options.map((o) => (
                    <option key={o}>{o}</option>
                  ))}
                </select>
              </Tooltip>
            </fieldset>
          ))}
          <p className="text-xs text-muted-foreground">{NOT_WIRED}</p>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
