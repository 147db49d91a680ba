import { SERVICE_MESSAGES } from '../../../domain/services';
import { cn } from '../../lib/cn';
import { HydrateLater } from '../../lib/hydrate-later';
import { Button } from '../../ui/button';
import { LoadMoreButton } from '../../ui/load-more-button';
import { useServiceListing, type ServiceFilters } from './api';
import { ServiceCard } from './service-card';

const SKELETON_CARDS = 8;
const gridClass = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/**
 * Results of the current filters: 8 skeleton cards on the first load, an empty state, Load More. When filters
 * change, the previous results stay (dimmed, busy) until the new ones arrive.
 */
export function ServiceGrid({ filters }: { filters: ServiceFilters }) {
  const listing = useServiceListing(filters);
  if (listing.isPending) {
    return (
      <ul className={gridClass} aria-busy="true" aria-label="Loading services">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <li key={i} className="h-80 animate-pulse rounded-xl bg-muted" data-testid="service-skeleton" />
        ))}
      </ul>
    );
  }
  if (listing.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-10">
        <p>{SERVICE_MESSAGES.loadFailed(listing.error.message)}</p>
        <Button onClick={() => listing.refetch()}>Try Again</Button>
      </div>
    );
  }
  const services = listing.data.pages.flatMap((p) => p.items);
  if (services.length === 0) {
    return <p className="py-10 text-center text-muted-foreground">No services match these filters yet.</p>;
  }
  return (
    <section
      aria-labelledby="service-results"
      aria-busy={listing.isPlaceholderData || undefined}
      className={cn('flex flex-col gap-6 transition-opacity', listing.isPlaceholderData && 'opacity-60')}
    >
      {/* Screen-reader users jump by headings: the cards' h3 titles sit under this one. */}
      <h2 id="service-results" className="sr-only">
        Services found
      </h2>
      <ul className={gridClass}>
        {services.map((s) => (
          <li key={s.id}>
            {/* Two dozen cards would be one long task for a phone: they come alive a few at a time. */}
            <HydrateLater>
              <ServiceCard service={s} />
            </HydrateLater>
          </li>
        ))}
      </ul>
      <LoadMoreButton listing={listing} />
    </section>
  );
}
