import { describe, expect, it } from 'vitest';
import { approximateLocation, coordinateKey, labelFromFeatures } from './geo';

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

describe('public service locations', () => {
  it('are rounded to 2 decimals (about 1 km), keeping the radius', () => {
    expect(approximateLocation({ latitude: 40.712776, longitude: -74.005974, radius: 3 })).toEqual({
      latitude: 40.71,
      longitude: -74.01,
      radius: 3,
    });
  });
  it('are stable: every point of a cell gives the same answer, and never -0', () => {
    const a = approximateLocation({ latitude: 51.5012, longitude: -0.0012 });
    const b = approximateLocation({ latitude: 51.5049, longitude: 0.0041 });
    expect(a).toEqual({ latitude: 51.5, longitude: 0 });
    expect(Object.is(a.longitude, -0)).toBe(false);
    expect(b).toEqual({ latitude: 51.5, longitude: 0 });
  });
});
