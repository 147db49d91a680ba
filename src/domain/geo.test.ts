import { describe, expect, it } from 'vitest';
import { coordinateKey, labelFromFeatures } from './geo';

describe('reverse geocoding labels', () => {
  it('reads "place, region"', () => {
    expect(
      labelFromFeatures([
        {
          text: 'Brooklyn',
          place_type: ['place'],
          context: [
            { id: 'region.1', text: 'New York' },
            { id: 'country.1', text: 'US' },
          ],
        },
      ]),
    ).toBe('Brooklyn, New York');
  });
  it('falls back to the place alone, then to Location', () => {
    expect(labelFromFeatures([{ text: 'Soho', place_type: ['neighborhood'] }])).toBe('Soho');
    expect(labelFromFeatures([{ text: 'Main St', place_type: ['address'] }])).toBe('Location');
    expect(labelFromFeatures(undefined)).toBe('Location');
  });
  it('caches by coordinates rounded to 4 decimals', () => {
    expect(coordinateKey(40.712812, -74.006049)).toBe('40.7128,-74.0060');
  });
});
