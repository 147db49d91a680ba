import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { SERVICE_CATEGORIES } from '../../../domain/categories';
import { cn } from '../../lib/cn';
import { CategoryIcon } from './category-icon';

/**
 * The categories as one line of chips that scrolls sideways: on a phone, two rows of tiles pushed the results below
 * the first screen. Each chip is a link, so Tab walks the line and the browser scrolls the focused chip into view.
 */
export function CategoryStrip({
  hrefFor,
  activeId,
  className,
}: {
  hrefFor(id: string): string;
  activeId?: string | null;
  className?: string;
}) {
  const list = useRef<HTMLUListElement>(null);
  // The chosen category's chip in view (a category page opened from a link, Back): the strip scrolls, never the page.
  useEffect(() => {
    const strip = list.current;
    const chip = strip?.querySelector<HTMLElement>('[aria-current]')?.parentElement;
    if (!strip || !chip) return;
    const start = chip.offsetLeft - strip.offsetLeft;
    const end = start + chip.offsetWidth;
    if (start < strip.scrollLeft || end > strip.scrollLeft + strip.clientWidth) {
      strip.scrollLeft = start - (strip.clientWidth - chip.offsetWidth) / 2;
    }
  }, [activeId]);
  return (
    // Edge to edge, so the chip cut at the screen's edge says there is more to scroll to.
    <ul
      ref={list}
      className={cn('-mx-4 flex snap-x scroll-px-4 gap-2 overflow-x-auto px-4 py-1 [scrollbar-width:none]', className)}
    >
      {SERVICE_CATEGORIES.map((c) => (
        <li key={c.id} className="shrink-0 snap-start">
          <Link
            to={hrefFor(c.id)}
            aria-current={activeId === c.id || undefined}
            className={cn(
              'inline-flex h-10 items-center gap-1.5 rounded-full border px-3 text-sm font-medium whitespace-nowrap transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              activeId === c.id && 'border-primary bg-accent',
            )}
          >
            <CategoryIcon categoryId={c.id} className="h-4 w-4" />
            {c.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
