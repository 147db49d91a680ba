/**
 * Spec 2's category tiles laid out by CSS alone: the page is drawn on the server without knowing the screen, and a
 * phone's first paint must already show its two rows of five. Tailwind only emits classes it reads literally, so the
 * spec's widths (domain `tilesPerRow`) are written out here once, and category-tile-layout.test.ts holds them equal.
 */

/** Tailwind's breakpoints, which are the spec's widths: below 768, from 768, 1024, 1280 and 1536 px. */
export const TILE_BREAKPOINT_WIDTHS = [0, 768, 1024, 1280, 1536] as const;

/** The grid's columns at each width. */
export const TILE_GRID_COLUMNS = 'grid-cols-5 md:grid-cols-6 lg:grid-cols-8 xl:grid-cols-10 2xl:grid-cols-12';

/** Two rows at each breakpoint: 10, 12, 16, 20, 24 tiles. */
const TWO_ROWS = [10, 12, 16, 20, 24] as const;

/** From this breakpoint up, shown (a block); below it, hidden. */
const SHOWN_FROM = ['', 'hidden md:block', 'hidden lg:block', 'hidden xl:block', 'hidden 2xl:block'] as const;

/** Shown at this breakpoint only (as the toggle button it is given to: inline-flex). */
const ONLY_AT = [
  'md:hidden',
  'hidden md:inline-flex lg:hidden',
  'hidden lg:inline-flex xl:hidden',
  'hidden xl:inline-flex 2xl:hidden',
  'hidden 2xl:inline-flex',
] as const;

/** Whether the collapsed grid hides the tile at `index` on some screen (a phone's two rows are the fewest). */
export function hiddenSomewhereWhenCollapsed(index: number): boolean {
  return index >= TWO_ROWS[0];
}

/** The classes of the tile at `index` while the grid is collapsed: shown only where it falls in the first two rows. */
export function collapsedTileClass(index: number): string {
  const from = TWO_ROWS.findIndex((shown) => index < shown);
  return from === -1 ? 'hidden' : SHOWN_FROM[from]!;
}

/**
 * How many tiles the collapsed grid hides at each breakpoint where it hides some, with the classes that show a toggle
 * saying that count there only.
 */
export function hiddenCounts(total: number): { count: number; className: string }[] {
  return TWO_ROWS.map((shown, i) => ({ count: total - shown, className: ONLY_AT[i]! })).filter((c) => c.count > 0);
}
