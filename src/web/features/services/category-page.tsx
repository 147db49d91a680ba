import { useParams } from 'react-router';
import { BackLink } from '../../ui/back-link';
import { PageContainer, PageMessage } from '../../ui/page';
import { CategoryIcon, categoryOf } from './category-icon';
import { useFiltersInQuery } from './discover-services-page';
import { ServiceFiltersBar } from './service-filters-bar';
import { ServiceGrid } from './service-grid';

export const CATEGORY_NOT_FOUND = 'Category not found';

/**
 * /category/{id}: one category's services under its fixed hero and description. The categories are fixed (the
 * server upserts the same ids at every start), so an id outside them is answered here: not found, rather than
 * an unfiltered list of every service.
 */
export function CategoryPage() {
  const { categoryId = '' } = useParams();
  const category = categoryOf(categoryId);
  const [filters, setFilters] = useFiltersInQuery();
  if (!category) return <CategoryNotFound />;
  const scoped = { ...filters, categoryId: category.id };
  return (
    <div className="flex flex-col">
      <CategoryHero categoryId={category.id} title={category.name} description={category.description} />
      <PageContainer>
        <BackLink to="/discover-services" place="Services" />
        <ServiceFiltersBar
          filters={scoped}
          onChange={(next) => setFilters({ ...next, categoryId: null })}
          showCategory={false}
        />
        <ServiceGrid filters={scoped} />
      </PageContainer>
    </div>
  );
}

function CategoryNotFound() {
  return (
    <PageMessage>
      <h1 className="text-3xl font-bold">{CATEGORY_NOT_FOUND}</h1>
      <p className="text-muted-foreground">This category does not exist. Browse all services instead.</p>
      <BackLink to="/discover-services" place="Services" />
    </PageMessage>
  );
}

/**
 * The hero of a category: its colour and icon drawn as the "fixed hero image" (stock photos cannot be fetched
 * here; the picture is generated from the category, the same on every visit).
 */
export function CategoryHero({
  categoryId,
  title,
  description,
}: {
  categoryId: string | null;
  title: string;
  description: string;
}) {
  const color = categoryOf(categoryId)?.color ?? '#6b7280';
  return (
    <section
      className="relative overflow-hidden text-white"
      style={{ background: `linear-gradient(135deg, ${color} 0%, ${color}cc 55%, #111827 140%)` }}
      aria-label={`${title} hero`}
    >
      {/* Shorter on a phone, where a tall hero would push the first result below the first screen. */}
      {/* Lined up with the page container below it (max-w-6xl, px-4). */}
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-6 px-4 py-6 md:py-12">
        <div>
          <h1 className="text-2xl font-extrabold md:text-4xl">{title}</h1>
          {description && <p className="mt-1 max-w-2xl opacity-90 md:mt-2 md:text-lg">{description}</p>}
        </div>
        <div className="hidden rounded-full bg-white/90 p-6 sm:block">
          <CategoryIcon categoryId={categoryId} className="h-16 w-16" />
        </div>
      </div>
    </section>
  );
}
