import { Star } from 'lucide-react';
import { formatAverage } from '../../../domain/provider-rating';
import { cn } from '../../lib/cn';

/** Read-only stars for a rating (rounded to the nearest half for display). */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span className={cn('inline-flex', className)} role="img" aria-label={`${formatAverage(rating)} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={cn('h-4 w-4', n <= Math.round(rating) ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground')}
        />
      ))}
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
