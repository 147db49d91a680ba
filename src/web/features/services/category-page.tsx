import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
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
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-8">
        <Link to="/discover-services" className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Services
        </Link>
        <ServiceFiltersBar
          filters={scoped}
          onChange={(next) => setFilters({ ...next, categoryId: null })}
          showCategory={false}
        />
        <ServiceGrid filters={scoped} />
      </div>
    </div>
  );
}

function CategoryNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{CATEGORY_NOT_FOUND}</h1>
      <p className="text-muted-foreground">This category does not exist. Browse all services instead.</p>
      <Link to="/discover-services" className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Services
      </Link>
    </div>
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
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-6 px-4 py-12">
        <div>
          <h1 className="text-4xl font-extrabold">{title}</h1>
          {description && <p className="mt-2 max-w-2xl text-lg opacity-90">{description}</p>}
        </div>
        <div className="hidden rounded-full bg-white/90 p-6 sm:block">
          <CategoryIcon categoryId={categoryId} className="h-16 w-16" />
        </div>
      </div>
    </section>
  );
}
