import { PageContainer } from '../../ui/page';
import { useFiltersInQuery } from './discover-services-page';
import { ServiceFiltersBar } from './service-filters-bar';
import { ServiceGrid } from './service-grid';

/** /services: every service, newest first, with the same filters as discovery. */
export function ServicesPage() {
  const [filters, setFilters] = useFiltersInQuery();
  return (
    <PageContainer>
      <h1 className="text-2xl font-bold md:text-3xl">Services</h1>
      <ServiceFiltersBar filters={filters} onChange={setFilters} />
      <ServiceGrid filters={filters} />
    </PageContainer>
  );
}
