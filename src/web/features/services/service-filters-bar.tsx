import { Search } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { SERVICE_CATEGORIES } from '../../../domain/categories';
import {
  METHOD_FILTERS,
  PRICE_BUCKET_LABELS,
  PRICE_BUCKETS,
  type MethodFilter,
  type PriceBucket,
} from '../../../domain/listing-filters';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { NativeSelect } from '../../ui/native-select';
import type { ServiceFilters } from './api';

const METHOD_LABELS: Record<MethodFilter, string> = {
  any: 'Any method',
  virtual: 'Virtual',
  'in-person': 'In person',
  both: 'Both',
};

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Whether the user is leaving (or has left) this page: a navigation elsewhere is under way, or the address has
 * already changed while this page is still on screen (it unmounts a moment later, and may blur the box as it does).
 */
function useLeavingPage(): () => boolean {
  const navigation = useNavigation();
  const here = useLocation().pathname;
  const pending = navigation.state !== 'idle' && navigation.location?.pathname !== here;
  return useCallback(() => pending || window.location.pathname !== here, [pending, here]);
}

/** Search (applied as the user pauses typing), category, price and delivery method, with Clear. */
export function ServiceFiltersBar({
  filters,
  onChange,
  showCategory = true,
}: {
  filters: ServiceFilters;
  /** Only what changed: the page merges it into the current filters. */
  onChange(change: Partial<ServiceFilters>): void;
  showCategory?: boolean;
}) {
  // What the user is typing, until it is applied (300 ms after the last keystroke); the box otherwise shows the
  // applied search, so Clear and the address always win and nothing stale is re-applied later.
  const [draft, setDraft] = useState<string | null>(null);
  // Applying a search is a navigation (the filters live in the address), so it must never come after the user has
  // set off elsewhere: it would replace that navigation (the next page may still be loading its code) and bring
  // them back here. So a pending search is applied at once when the box loses focus, which happens before any
  // click elsewhere lands, and is dropped if a navigation away is under way when its timer would fire.
  const leaving = useLeavingPage();
  const apply = useCallback(() => {
    if (draft === null || leaving()) return;
    onChange({ search: draft });
    setDraft(null);
  }, [draft, onChange, leaving]);
  useEffect(() => {
    if (draft === null) return;
    const timer = setTimeout(apply, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, apply]);

  const anySet =
    filters.search || (showCategory && filters.categoryId) || filters.price !== 'any' || filters.method !== 'any';
  return (
    <form
      role="search"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="service-search">Search</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-muted-foreground" aria-hidden />
          <Input
            id="service-search"
            type="search"
            className="pl-9"
            placeholder="Search services..."
            value={draft ?? filters.search}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={apply}
          />
        </div>
      </div>
      {showCategory && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="service-category">Category</Label>
          <NativeSelect
            id="service-category"
            value={filters.categoryId ?? ''}
            onChange={(e) => onChange({ categoryId: e.target.value || null })}
          >
            <option value="">All Categories</option>
            {SERVICE_CATEGORIES.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="service-price">Price</Label>
        <NativeSelect
          id="service-price"
          value={filters.price}
          onChange={(e) => onChange({ price: e.target.value as PriceBucket })}
        >
          {PRICE_BUCKETS.map((b) => (
            <option key={b} value={b}>
              {PRICE_BUCKET_LABELS[b]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="service-method">Delivery</Label>
        <NativeSelect
          id="service-method"
          value={filters.method}
          onChange={(e) => onChange({ method: e.target.value as MethodFilter })}
        >
          {METHOD_FILTERS.map((m) => (
            <option key={m} value={m}>
              {METHOD_LABELS[m]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {anySet ? (
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            setDraft(null);
            onChange({ search: '', categoryId: showCategory ? null : filters.categoryId, price: 'any', method: 'any' });
          }}
        >
          Clear
        </Button>
      ) : (
        <span />
      )}
    </form>
  );
}
