import {
  formatAverage,
  isRated,
  NEW_PROVIDER_LABEL,
  reviewCountLabel,
  type ProviderRating,
} from '../../../domain/provider-rating';
import { cn } from '../../lib/cn';
import { Badge } from '../../ui/badge';
import { Stars } from './star-rating';

/**
 * A provider's rating where their services are shown: stars, the average and the number of reviews, or "New" for
 * a provider nobody has reviewed yet (never a row of empty stars, which reads as a bad rating).
 */
export function RatingBadge({ rating, className }: { rating: ProviderRating; className?: string }) {
  if (!isRated(rating)) {
    return (
      <Badge variant="outline" className={cn('w-fit', className)} data-testid="provider-rating">
        {NEW_PROVIDER_LABEL}
      </Badge>
    );
  }
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-sm', className)} data-testid="provider-rating">
      <Stars rating={rating.ratingAverage} />
      {/* The stars' label already says the average to screen readers. */}
      <span className="font-semibold" aria-hidden>
        {formatAverage(rating.ratingAverage)}
      </span>
      <span className="text-muted-foreground">({reviewCountLabel(rating.reviewCount)})</span>
    </span>
  );
}
