import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { serviceFiltersFromAddress, serviceFiltersToAddress } from '../../../domain/listing-filters';
import { PageContainer } from '../../ui/page';
import type { ServiceFilters } from './api';
import { CategoryTiles } from './category-tiles';
import { ServiceFiltersBar } from './service-filters-bar';
import { ServiceGrid } from './service-grid';

const filtersOf = (params: URLSearchParams): ServiceFilters => serviceFiltersFromAddress(params);

/**
 * Filters live in the address, so a filtered view can be shared and survives a reload. A change is a patch merged
 * into the address as it is when it applies, not into what the page last rendered: two quick changes (the search
 * applied as the user pauses typing, just after a price was picked) never undo each other. React Router's own
 * functional update reads the address of the last render, which a change made since has not reached yet: the
 * address asked for last is kept here until the page renders a new one.
 */
export function useFiltersInQuery(): [ServiceFilters, (change: Partial<ServiceFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const askedFor = useRef<string | null>(null);
  const rendered = params.toString();
  const { key } = useLocation();
  // Once the page renders a new address or history entry (this change's, the Back button's, another category's on
  // the same page), the address is the one to read again.
  useEffect(() => {
    askedFor.current = null;
  }, [rendered, key]);
  const setFilters = useCallback(
    (change: Partial<ServiceFilters>) => {
      const current = new URLSearchParams(askedFor.current ?? window.location.search);
      const query = serviceFiltersToAddress({ ...filtersOf(current), ...change });
      askedFor.current = query.toString();
      setParams(query, { replace: true });
    },
    [setParams],
  );
  return [filtersOf(params), setFilters];
}

export function DiscoverServicesPage() {
  const [filters, setFilters] = useFiltersInQuery();
  return (
    <PageContainer>
      <div>
        <h1 className="text-2xl font-bold md:text-3xl">Discover Services</h1>
        <p className="mt-1 text-muted-foreground" data-page-intro>
          Find students offering the help you need.
        </p>
      </div>
      <CategoryTiles hrefFor={(id) => `/category/${id}`} activeId={filters.categoryId} />
      <ServiceFiltersBar filters={filters} onChange={setFilters} />
      <ServiceGrid filters={filters} />
    </PageContainer>
  );
}
