import { useFiltersInQuery } from './discover-services-page';
import { ServiceFiltersBar } from './service-filters-bar';
import { ServiceGrid } from './service-grid';

/** /services: every service, newest first, with the same filters as discovery. */
export function ServicesPage() {
  const [filters, setFilters] = useFiltersInQuery();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-bold">Services</h1>
      <ServiceFiltersBar filters={filters} onChange={setFilters} />
      <ServiceGrid filters={filters} />
    </div>
  );
}
