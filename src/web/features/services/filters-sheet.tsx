import { SlidersHorizontal } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../ui/dialog';
import type { ServiceFilters } from './api';
import { activeChoiceCount, choicesOf, clearedChoices, FilterSelects, type FilterChoices } from './filter-fields';

/**
 * The phone's filters: a Filters button (with how many are on) opening a sheet at the bottom of the screen, so the
 * lists never push the results below the first screen. Choices wait in the sheet until Apply; Clear resets them and
 * applies at once; Escape or Close leaves the filters as they were. `children` are further choices shown in the
 * sheet that apply by themselves (the requests' unwired location and availability).
 */
export function FiltersSheet({
  filters,
  onChange,
  showCategory,
  className,
  children,
}: {
  filters: ServiceFilters;
  onChange(change: Partial<FilterChoices>): void;
  showCategory: boolean;
  className?: string;
  children?: ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<FilterChoices>(() => choicesOf(filters));
  const active = activeChoiceCount(filters, showCategory);
  const applyAndClose = (change: Partial<FilterChoices>) => {
    onChange(change);
    setOpen(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Each opening starts from what is applied (the address may have changed since: Back, a link, Clear).
        if (next) setDraft(choicesOf(filters));
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="outline" className={cn('shrink-0', className)}>
          <SlidersHorizontal className="h-4 w-4" aria-hidden /> Filters
          {active > 0 && (
            <Badge>
              {active}
              <span className="sr-only"> active</span>
            </Badge>
          )}
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Filters"
        className="top-auto bottom-0 left-0 max-h-[85dvh] w-full max-w-none translate-x-0 translate-y-0 rounded-b-none"
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            // The sheet is portalled out of the page's search form, but React still bubbles its submit there.
            e.stopPropagation();
            applyAndClose(draft);
          }}
        >
          <FilterSelects
            idPrefix={id}
            values={draft}
            onChange={(change) => setDraft((d) => ({ ...d, ...change }))}
            showCategory={showCategory}
          />
          {children}
          <div className="flex gap-2">
            <Button
              type="button"
              variant="outline"
              className="flex-1"
              onClick={() => applyAndClose(clearedChoices(showCategory))}
            >
              Clear
            </Button>
            <Button type="submit" className="flex-1">
              Apply
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
