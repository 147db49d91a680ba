import { ArrowLeft, SlidersHorizontal } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { UNCATEGORIZED } from '../../../domain/categories';
import { HIGHLIGHT_PULSE_MS, HIGHLIGHT_SCROLL_MS, REQUEST_MESSAGES } from '../../../domain/requests';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/button';
import { LoadMoreButton } from '../../ui/load-more-button';
import { CategoryHero } from '../services/category-page';
import { categoryOf } from '../services/category-icon';
import { CategoryTiles } from '../services/category-tiles';
import { useFiltersInQuery } from '../services/discover-services-page';
import { ServiceFiltersBar } from '../services/service-filters-bar';
import { useRequestListing } from './api';
import { RequestCard } from './request-card';
import { SendOfferButton } from './send-offer-button';

/** /requests and /requests/category/{id}: requests clients posted, with search and filters. */
export function RequestsPage() {
  const { categoryId: routeCategoryId } = useParams();
  const [filters, setFilters] = useFiltersInQuery();
  const [params] = useSearchParams();
  const highlight = params.get('highlight');
  const categoryId = routeCategoryId ?? filters.categoryId;
  const category = categoryOf(categoryId);
  const listing = useRequestListing({ search: filters.search, categoryId: categoryId ?? null, price: filters.price });
  // The highlighted card pulses for 3 seconds once the list is shown, then keeps its ring while ?highlight is set.
  const [pulseEnded, setPulseEnded] = useState<string | null>(null);
  const shown = listing.data !== undefined;
  useEffect(() => {
    if (!highlight || !shown) return;
    const scroll = setTimeout(
      () => document.getElementById(`request-${highlight}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' }),
      HIGHLIGHT_SCROLL_MS,
    );
    const stop = setTimeout(() => setPulseEnded(highlight), HIGHLIGHT_PULSE_MS);
    return () => {
      clearTimeout(scroll);
      clearTimeout(stop);
    };
  }, [highlight, shown]);

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
          <ul
            aria-label="Requests found"
            aria-busy={listing.isPlaceholderData || undefined}
            className={cn(
              'grid gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4',
              listing.isPlaceholderData && 'opacity-60',
            )}
          >
            {requests.map((r) => (
              <li key={r.id}>
                <RequestCard
                  request={r}
                  highlighted={highlight === r.id}
                  pulsing={highlight === r.id && pulseEnded !== highlight}
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

const NOT_WIRED = 'Requests carry no location or availability yet, so these choices do not narrow the list.';
const FILTER_GROUPS = [
  { name: 'location', label: 'Location', options: ['Any location', 'Local only', 'Remote only'] },
  { name: 'availability', label: 'Availability', options: ['Any time', 'Available now', 'Weekdays', 'Weekends'] },
] as const;
type FilterName = (typeof FILTER_GROUPS)[number]['name'];

/**
 * Location and availability, as the spec lists them. They can be chosen, but the spec leaves them unwired to the
 * listing, and requests hold no such data: the popover says so beside the choices.
 */
function FiltersPopover() {
  const noteId = useId();
  const [chosen, setChosen] = useState<Record<FilterName, string>>({
    location: FILTER_GROUPS[0].options[0],
    availability: FILTER_GROUPS[1].options[0],
  });
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
          align="start"
          aria-label="Filters"
          aria-describedby={noteId}
          className="z-50 flex w-72 max-w-[calc(100vw-2rem)] flex-col gap-4 rounded-lg border bg-background p-4 shadow-lg"
        >
          {FILTER_GROUPS.map((group) => (
            <fieldset key={group.name} className="flex flex-col gap-1.5">
              <legend className="mb-1 text-sm font-medium">{group.label}</legend>
              {group.options.map((option) => (
                <label key={option} className="flex cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`request-${group.name}`}
                    value={option}
                    checked={chosen[group.name] === option}
                    onChange={() => setChosen((c) => ({ ...c, [group.name]: option }))}
                    className="accent-primary"
                  />
                  {option}
                </label>
              ))}
            </fieldset>
          ))}
          <p id={noteId} className="text-xs text-muted-foreground">
            {NOT_WIRED}
          </p>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
