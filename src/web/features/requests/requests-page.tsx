import { SlidersHorizontal } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { UNCATEGORIZED } from '../../../domain/categories';
import { HIGHLIGHT_PULSE_MS, HIGHLIGHT_SCROLL_MS, REQUEST_MESSAGES } from '../../../domain/requests';
import { cn } from '../../lib/cn';
import { BackLink } from '../../ui/back-link';
import { Button } from '../../ui/button';
import { LoadMoreButton } from '../../ui/load-more-button';
import { PageContainer } from '../../ui/page';
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

  const [unwired, setUnwired] = useState<UnwiredChoice>(ANY_UNWIRED);
  const unwiredChoices = <UnwiredChoices chosen={unwired} onChoose={setUnwired} />;

  const heading = categoryId ? `Service Requests in ${category?.name ?? UNCATEGORIZED}` : 'Service Requests';
  const requests = listing.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="flex flex-col">
      {routeCategoryId && (
        <CategoryHero categoryId={category?.id ?? null} title={heading} description={category?.description ?? ''} />
      )}
      <PageContainer>
        {routeCategoryId ? (
          <BackLink to="/requests" place="Service Requests" />
        ) : (
          <>
            <BackLink to="/" place="Home" />
            <div>
              <h1 className="text-2xl font-bold md:text-3xl">{heading}</h1>
              <p className="mt-1 text-muted-foreground" data-page-intro>
                What students and clubs are asking for: send an offer on one you can do.
              </p>
            </div>
            <CategoryTiles hrefFor={(id) => `/requests/category/${id}`} activeId={categoryId} />
          </>
        )}
        <div className="flex flex-col gap-3">
          <ServiceFiltersBar
            filters={{ ...filters, categoryId: categoryId ?? null }}
            onChange={setFilters}
            showCategory={!routeCategoryId}
            moreFilters={unwiredChoices}
            searchPlaceholder="Search requests..."
          />
          <FiltersPopover className="hidden md:inline-flex">{unwiredChoices}</FiltersPopover>
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
      </PageContainer>
    </div>
  );
}

const NOT_WIRED = 'Requests carry no location or availability yet, so these choices do not narrow the list.';
const FILTER_GROUPS = [
  { name: 'location', label: 'Location', options: ['Any location', 'Local only', 'Remote only'] },
  { name: 'availability', label: 'Availability', options: ['Any time', 'Available now', 'Weekdays', 'Weekends'] },
] as const;
type UnwiredChoice = Record<(typeof FILTER_GROUPS)[number]['name'], string>;
const ANY_UNWIRED: UnwiredChoice = { location: FILTER_GROUPS[0].options[0], availability: FILTER_GROUPS[1].options[0] };

/**
 * Location and availability, as the spec lists them. They can be chosen, but the spec leaves them unwired to the
 * listing, and requests hold no such data: the note says so beside the choices. Shown in the popover on wide
 * screens and in the Filters sheet on a phone, with one choice kept by the page for both.
 */
function UnwiredChoices({ chosen, onChoose }: { chosen: UnwiredChoice; onChoose(next: UnwiredChoice): void }) {
  const id = useId();
  return (
    <div role="group" aria-describedby={`${id}-note`} className="flex flex-col gap-4">
      {FILTER_GROUPS.map((group) => (
        <fieldset key={group.name} className="flex flex-col gap-1.5">
          <legend className="mb-1 text-sm font-medium">{group.label}</legend>
          {group.options.map((option) => (
            <label key={option} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-${group.name}`}
                value={option}
                checked={chosen[group.name] === option}
                onChange={() => onChoose({ ...chosen, [group.name]: option })}
                className="accent-primary"
              />
              {option}
            </label>
          ))}
        </fieldset>
      ))}
      <p id={`${id}-note`} className="text-xs text-muted-foreground">
        {NOT_WIRED}
      </p>
    </div>
  );
}

function FiltersPopover({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="outline" size="sm" className={cn('self-start', className)}>
          <SlidersHorizontal className="h-4 w-4" aria-hidden /> Filters
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={6}
          align="start"
          aria-label="Filters"
          className="z-50 w-72 max-w-[calc(100vw-2rem)] rounded-lg border bg-background p-4 shadow-lg"
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
