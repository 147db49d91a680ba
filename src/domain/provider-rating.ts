/**
 * A provider's rating as cards and the service page show it: the average of all their reviews
 * and how many there are, or "New" for a provider nobody has reviewed yet, so a card never shows "0.0".
 */
export interface ProviderRating {
  /** Average of the provider's reviews, rounded to 2 decimals; null when there are none. */
  ratingAverage: number | null;
  reviewCount: number;
}

export const NEW_PROVIDER_LABEL = 'New';
/** How many of the provider's latest reviews the service page shows (its link leads to all of them). */
export const SERVICE_PAGE_REVIEWS = 3;

/** "4.8": one decimal, as review sites show it. */
export function formatAverage(average: number): string {
  return average.toFixed(1);
}

/** "1 review", "12 reviews". */
export function reviewCountLabel(count: number): string {
  return `${count} review${count === 1 ? '' : 's'}`;
}

/** Whether there is anything to show beyond "New". */
export function isRated(rating: ProviderRating): rating is { ratingAverage: number; reviewCount: number } {
  return rating.reviewCount > 0 && rating.ratingAverage !== null;
}
