import { useState } from 'react';
import { Link } from 'react-router';
import { SERVICE_CATEGORIES, tilesPerRow } from '../../../domain/categories';
import { cn } from '../../lib/cn';
import { HydrateLater, usePinnedToServer } from '../../lib/hydrate-later';
import { Button } from '../../ui/button';
import { CategoryIcon } from './category-icon';
import { CategoryStrip } from './category-strip';
import { useViewportWidth } from './use-viewport-width';

/**
 * The categories: a sideways strip of chips below the md breakpoint (results first on a phone), from md up the
 * spec's tiles, two rows by width, then "Show All (N more)". Both are in the page and CSS shows one, so the first
 * paint is right on every screen, whatever width a render without a window assumed.
 */
export function CategoryTiles({ hrefFor, activeId }: { hrefFor(id: string): string; activeId?: string | null }) {
  // The category the server drew as chosen: a held part comes alive drawing it (hydrating keeps the server's
  // attributes), then draws the address's, should a filter have changed it meanwhile.
  const [drawnActiveId] = useState(activeId);
  // Both come alive after the page's first pass, one per task (lib/hydrate-later.tsx): twenty-two categories twice
  // are the largest part of a listing's top.
  return (
    <section aria-label="Categories">
      <HydrateLater>
        <HeldStrip hrefFor={hrefFor} activeId={activeId} drawnActiveId={drawnActiveId} />
      </HydrateLater>
      <HydrateLater>
        <TileGrid hrefFor={hrefFor} activeId={activeId} drawnActiveId={drawnActiveId} />
      </HydrateLater>
    </section>
  );
}

interface HeldCategoriesProps {
  hrefFor(id: string): string;
  activeId?: string | null;
  drawnActiveId?: string | null;
}

function HeldStrip({ hrefFor, activeId, drawnActiveId }: HeldCategoriesProps) {
  const pinned = usePinnedToServer();
  return <CategoryStrip hrefFor={hrefFor} activeId={pinned ? drawnActiveId : activeId} className="md:hidden" />;
}

/** The width is read here, inside the held part, so it comes alive drawing what the server drew, then adjusts. */
function TileGrid({ hrefFor, activeId: addressActiveId, drawnActiveId }: HeldCategoriesProps) {
  const activeId = usePinnedToServer() ? drawnActiveId : addressActiveId;
  const [expanded, setExpanded] = useState(false);
  const perRow = tilesPerRow(useViewportWidth());
  const visible = expanded ? SERVICE_CATEGORIES : SERVICE_CATEGORIES.slice(0, perRow * 2);
  const hidden = SERVICE_CATEGORIES.length - perRow * 2;
  return (
    <div className="hidden flex-col gap-3 md:flex">
      <ul className="grid gap-2" style={{ gridTemplateColumns: `repeat(${perRow}, minmax(0, 1fr))` }}>
        {visible.map((c) => (
          <li key={c.id}>
            <Link
              to={hrefFor(c.id)}
              aria-current={activeId === c.id || undefined}
              className={cn(
                'flex h-full flex-col items-center gap-1.5 rounded-lg border p-2 text-center text-xs font-medium transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                activeId === c.id && 'border-primary bg-accent',
              )}
            >
              <CategoryIcon categoryId={c.id} className="h-6 w-6" />
              <span>{c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <Button variant="ghost" size="sm" className="self-center" onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show Less' : `Show All (${hidden} more)`}
        </Button>
      )}
    </div>
  );
}
