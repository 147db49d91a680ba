import { Star } from 'lucide-react';
import { formatAverage } from '../../../domain/provider-rating';
import { cn } from '../../lib/cn';

// Feather's star (lucide's ancestor), in a 24-unit square; five of them side by side in one drawing.
const STAR_POINTS = [
  [12, 2],
  [15.09, 8.26],
  [22, 9.27],
  [17, 14.14],
  [18.18, 21.02],
  [12, 17.77],
  [5.82, 21.02],
  [7, 14.14],
  [2, 9.27],
  [8.91, 8.26],
] as const;

/** The outline of stars `from` to `to` (0-based, not included), each 24 units right of the last. */
function starsPath(from: number, to: number): string {
  let path = '';
  for (let star = from; star < to; star++) {
    path += `M${STAR_POINTS.map(([x, y]) => `${+(x + star * 24).toFixed(2)} ${y}`).join('L')}Z`;
  }
  return path;
}

const STARS_PATHS = [0, 1, 2, 3, 4, 5].map((filled) => ({ filled: starsPath(0, filled), empty: starsPath(filled, 5) }));

/**
 * Read-only stars for a rating (rounded to the nearest whole star for display). One drawing of five stars, not five
 * icons: a listing shows a rating on every card, and five icon components each were a third of its HTML.
 */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const filled = Number.isFinite(rating) ? Math.min(5, Math.max(0, Math.round(rating))) : 0;
  const paths = STARS_PATHS[filled]!;
  return (
    <span className={cn('inline-flex', className)} role="img" aria-label={`${formatAverage(rating)} out of 5 stars`}>
      <svg
        aria-hidden
        viewBox="0 0 120 24"
        className="h-4 w-20"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinejoin="round"
      >
        {paths.filled ? <path d={paths.filled} className="fill-amber-400 text-amber-400" /> : null}
        {paths.empty ? <path d={paths.empty} className="text-muted-foreground" /> : null}
      </svg>
    </span>
  );
}

/** Five radio buttons drawn as stars: arrow keys move between them, as any radio group. */
export function StarInput({ value, onChange, id }: { value: number; onChange(v: number): void; id: string }) {
  return (
    <div role="radiogroup" aria-labelledby={`${id}-label`} className="flex gap-1">
      {[1, 2, 3, 4, 5].map((n) => (
        <label key={n} className="cursor-pointer rounded focus-within:ring-2 focus-within:ring-ring">
          <input
            type="radio"
            name={id}
            value={n}
            checked={value === n}
            onChange={() => onChange(n)}
            className="sr-only"
            aria-label={`${n} star${n > 1 ? 's' : ''}`}
          />
          <Star
            aria-hidden
            className={cn('h-7 w-7', n <= value ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground')}
          />
        </label>
      ))}
    </div>
  );
}
