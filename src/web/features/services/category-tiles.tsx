import { useState } from 'react';
import { Link } from 'react-router';
import { SERVICE_CATEGORIES } from '../../../domain/categories';
import { cn } from '../../lib/cn';
import { HydrateLater, usePinnedToServer } from '../../lib/hydrate-later';
import { Button } from '../../ui/button';
import { CategoryIcon } from './category-icon';
import {
  collapsedTileClass,
  hiddenCounts,
  hiddenSomewhereWhenCollapsed,
  TILE_GRID_COLUMNS,
} from './category-tile-layout';

const TOTAL = SERVICE_CATEGORIES.length;

/**
 * Spec 2's category tiles at every width: two rows of the width's count, then "Show All (N more)" / "Show Less".
 * Which tiles show is CSS, so the first paint is right on every screen, whatever width a render without a window
 * assumed; on a phone the tiles are compact, so the first results still start on the first screen.
 */
export function CategoryTiles({ hrefFor, activeId }: { hrefFor(id: string): string; activeId?: string | null }) {
  // The category the server drew as chosen: a held part comes alive drawing it (hydrating keeps the server's
  // attributes), then draws the address's, should a filter have changed it meanwhile.
  const [drawnActiveId] = useState(activeId);
  // Comes alive after the page's first pass (lib/hydrate-later.tsx): fifteen tiles are a large part of a listing's top.
  return (
    <section aria-label="Categories">
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

function TileGrid({ hrefFor, activeId: addressActiveId, drawnActiveId }: HeldCategoriesProps) {
  const activeId = usePinnedToServer() ? drawnActiveId : addressActiveId;
  // A chosen category the two rows would hide (a shared link, Back) opens the grid, so its tile is on screen.
  const [expanded, setExpanded] = useState(() =>
    hiddenSomewhereWhenCollapsed(SERVICE_CATEGORIES.findIndex((c) => c.id === drawnActiveId)),
  );
  return (
    <div className="flex flex-col gap-1 md:gap-3">
      <ul id="category-tiles" className={cn('grid gap-1.5 md:gap-2', TILE_GRID_COLUMNS)}>
        {SERVICE_CATEGORIES.map((c, index) => (
          <li key={c.id} className={expanded ? undefined : collapsedTileClass(index)}>
            <Link
              to={hrefFor(c.id)}
              aria-current={activeId === c.id || undefined}
              className={cn(
                'flex h-full flex-col items-center justify-center gap-0.5 rounded-lg border px-0.5 py-1 text-center text-[0.6875rem] leading-tight font-medium break-words transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:gap-1.5 md:p-2 md:text-xs',
                activeId === c.id && 'border-primary bg-accent',
              )}
            >
              <CategoryIcon categoryId={c.id} className="h-5 w-5 md:h-6 md:w-6" />
              <span>{c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
      {/* One toggle per width with hidden tiles, CSS showing the one for this screen: its count is right from the
          first paint, and its name is one plain text. */}
      {hiddenCounts(TOTAL).map(({ count, className }) => (
        <Button
          key={className}
          variant="ghost"
          size="sm"
          className={cn('h-8 self-center md:h-9', className)}
          aria-expanded={expanded}
          aria-controls="category-tiles"
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Show Less' : `Show All (${count} more)`}
        </Button>
      ))}
    </div>
  );
}
