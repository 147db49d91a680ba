import { Search } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import type { ServiceFilters } from './api';
import { activeChoiceCount, clearedChoices, FilterSelects } from './filter-fields';
import { FiltersSheet } from './filters-sheet';

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

/**
 * Search (applied as the user pauses typing), category, price and delivery method, with Clear. From the md
 * breakpoint the lists sit inline and apply at once; below it they wait behind the Filters button's sheet, so a
 * phone shows results on its first screen. CSS picks one, so the first paint is right before any script runs.
 */
export function ServiceFiltersBar({
  filters,
  onChange,
  showCategory = true,
  moreFilters,
  searchPlaceholder = 'Search services...',
}: {
  filters: ServiceFilters;
  /** Only what changed: the page merges it into the current filters. */
  onChange(change: Partial<ServiceFilters>): void;
  showCategory?: boolean;
  /** Further choices for the phone's sheet (wide screens show their own). */
  moreFilters?: ReactNode;
  /** What the search box says it searches. */
  searchPlaceholder?: string;
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

  // Text typed into the server's page before the app took it over is the user's: it becomes the draft, applied as
  // any typing is, instead of being reset to the address's search by the next render.
  const searchBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = searchBox.current?.value;
    if (typed !== undefined && typed !== filters.search) setDraft(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the page comes alive
  }, []);

  const anySet = filters.search || activeChoiceCount(filters, showCategory) > 0;
  return (
    <form
      role="search"
      className="flex items-end gap-2 md:grid md:grid-cols-2 md:gap-3 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <Label htmlFor="service-search">Search</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-muted-foreground" aria-hidden />
          <Input
            ref={searchBox}
            id="service-search"
            // Enter before the app has taken the page over submits the form itself: the address keeps the search.
            name="q"
            type="search"
            className="pl-9"
            placeholder={searchPlaceholder}
            value={draft ?? filters.search}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={apply}
          />
        </div>
      </div>
      <FiltersSheet filters={filters} onChange={onChange} showCategory={showCategory} className="md:hidden">
        {moreFilters}
      </FiltersSheet>
      <div className="hidden md:contents">
        <FilterSelects idPrefix="service" values={filters} onChange={onChange} showCategory={showCategory} />
        {anySet ? (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setDraft(null);
              onChange({ search: '', ...clearedChoices(showCategory) });
            }}
          >
            Clear
          </Button>
        ) : (
          <span />
        )}
      </div>
    </form>
  );
}
