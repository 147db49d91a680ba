import { describe, expect, it } from 'vitest';
import { formatAverage, isRated, NEW_PROVIDER_LABEL, reviewCountLabel } from './provider-rating';

describe('a provider’s rating in words', () => {
  it('says "New" for a provider nobody has reviewed, never 0.0', () => {
    expect(isRated({ ratingAverage: null, reviewCount: 0 })).toBe(false);
    expect(NEW_PROVIDER_LABEL).toBe('New');
  });

  it('gives the average to one decimal and counts reviews in the singular and plural', () => {
    expect(formatAverage(4.75)).toBe('4.8');
    expect(formatAverage(5)).toBe('5.0');
    expect(reviewCountLabel(1)).toBe('1 review');
    expect(reviewCountLabel(12)).toBe('12 reviews');
    expect(isRated({ ratingAverage: 4.5, reviewCount: 2 })).toBe(true);
  });
});
