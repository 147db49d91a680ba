import { describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES, tilesPerRow } from '../../../domain/categories';
import {
  collapsedTileClass,
  hiddenCounts,
  hiddenSomewhereWhenCollapsed,
  TILE_BREAKPOINT_WIDTHS,
  TILE_GRID_COLUMNS,
} from './category-tile-layout';

const PREFIXES = ['', 'md:', 'lg:', 'xl:', '2xl:'];

/** What Tailwind's mobile-first classes resolve to at breakpoint `at`: the last class whose prefix applies wins. */
function resolve(className: string, at: number, property: RegExp): string | null {
  let value: string | null = null;
  for (const token of className.split(' ').filter(Boolean)) {
    const colon = token.lastIndexOf(':');
    const prefix = colon === -1 ? '' : token.slice(0, colon + 1);
    const utility = colon === -1 ? token : token.slice(colon + 1);
    const level = PREFIXES.indexOf(prefix);
    if (level !== -1 && level <= at && property.test(utility)) value = utility;
  }
  return value;
}
const displayed = (className: string, at: number) =>
  resolve(className, at, /^(hidden|block|inline|flex|inline-flex)$/) !== 'hidden';

describe('category tiles follow spec 2 at every width', () => {
  it.each(TILE_BREAKPOINT_WIDTHS.map((width, at) => [width, at]))(
    'from %i px: the width’s count per row, two rows shown before Show All',
    (width, at) => {
      const perRow = tilesPerRow(width);
      expect(resolve(TILE_GRID_COLUMNS, at, /^grid-cols-/)).toBe(`grid-cols-${perRow}`);
      // One pixel below the next breakpoint still counts as this one.
      const next = TILE_BREAKPOINT_WIDTHS[at + 1];
      if (next) expect(tilesPerRow(next - 1)).toBe(perRow);
      for (let index = 0; index < 30; index += 1) {
        expect(displayed(collapsedTileClass(index), at), `tile ${index}`).toBe(index < perRow * 2);
      }
    },
  );

  it.each(TILE_BREAKPOINT_WIDTHS.map((width, at) => [width, at]))(
    'from %i px: the toggle shows the number hidden there, and only when some are',
    (width, at) => {
      const hidden = SERVICE_CATEGORIES.length - tilesPerRow(width) * 2;
      const shownCounts = hiddenCounts(SERVICE_CATEGORIES.length).filter((c) => displayed(c.className, at));
      expect(shownCounts.map((c) => c.count)).toEqual(hidden > 0 ? [hidden] : []);
    },
  );

  it('a tile is hidden on some screen exactly when a phone’s collapsed grid hides it', () => {
    for (let index = 0; index < 30; index += 1) {
      expect(hiddenSomewhereWhenCollapsed(index)).toBe(!displayed(collapsedTileClass(index), 0));
    }
  });

  it('the fifteen categories: 5 more on a phone, 3 more from 768 px, none from 1024 px', () => {
    expect(hiddenCounts(15).map((c) => c.count)).toEqual([5, 3]);
  });
});
