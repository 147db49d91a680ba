import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deliveryMethodsMatching, priceBucketRange, priceInBucket, serviceMatchesMethod } from './listing-filters';
import { DELIVERY_METHODS } from './services';
import { descriptionPreview } from './services';
import { offerServiceSchema } from './service-schemas';
import { formatPrice } from './money';

describe('price buckets', () => {
  it.each([
    [0, '0-25', true],
    [2500, '0-25', true],
    [2500, '25-50', true],
    [2501, '0-25', false],
    [5000, '50-100', true],
    [10000, '50-100', true],
    [10000, '100+', true],
    [9999, '100+', false],
    [123456, 'any', true],
  ] as const)('%i cents in %s: %s (bounds inclusive)', (cents, bucket, inside) => {
    expect(priceInBucket(cents, bucket)).toBe(inside);
  });
  it('100+ has no upper bound', () => {
    expect(priceBucketRange('100+')).toEqual({ minCents: 10000, maxCents: null });
  });
});

describe('delivery method filter', () => {
  it('a service offered both ways matches any chosen method', () => {
    for (const filter of ['any', 'virtual', 'in-person', 'both'] as const)
      expect(serviceMatchesMethod('both', filter)).toBe(true);
  });
  it('choosing both (or any) matches everything', () => {
    for (const method of DELIVERY_METHODS) {
      expect(serviceMatchesMethod(method, 'both')).toBe(true);
      expect(serviceMatchesMethod(method, 'any')).toBe(true);
    }
    expect(deliveryMethodsMatching('both')).toBeNull();
  });
  it('virtual and in-person exclude each other', () => {
    expect(serviceMatchesMethod('virtual', 'in-person')).toBe(false);
    expect(serviceMatchesMethod('in-person', 'virtual')).toBe(false);
  });
});

describe('offer a service', () => {
  const valid = {
    title: 'Logo design',
    description: 'I design a clean logo for your club.',
    category_id: '7b79913e-201d-4a6c-9e92-e50a3495d15e',
    price: 25,
    pricing_type: 'fixed' as const,
    delivery_method: 'virtual' as const,
    service_location: null,
    image_url: '',
  };
  it.each([
    [{ title: 'Logo' }, 'Title must be at least 5 characters'],
    [{ description: 'too short' }, 'Description must be at least 20 characters'],
    [{ category_id: '' }, 'Please select a category'],
    [{ price: -1 }, 'Price cannot be negative'],
    [{ delivery_method: 'in-person' }, 'Service location is required for in-person or hybrid delivery methods'],
    [
      { delivery_method: 'both', service_location: { latitude: 1, longitude: 1, radius: 0.5 } },
      'Radius must be at least 1 km',
    ],
  ])('%j -> %s', (override, message) => {
    const result = offerServiceSchema.safeParse({ ...valid, ...override });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toContain(message);
  });
  it('virtual clears any location', () => {
    const parsed = offerServiceSchema.parse({ ...valid, service_location: { latitude: 1, longitude: 2, radius: 5 } });
    expect(parsed.service_location).toBeNull();
  });
});

describe('display', () => {
  it('cuts descriptions at 150 characters with an ellipsis', () => {
    expect(descriptionPreview('x'.repeat(150))).toBe('x'.repeat(150));
    expect(descriptionPreview('x'.repeat(151))).toBe(`${'x'.repeat(150)}...`);
  });
  it('formats USD with /hr for hourly', () => {
    expect(formatPrice(2550)).toBe('$25.50');
    expect(formatPrice(1000, 'hourly')).toBe('$10.00/hr');
    fc.assert(fc.property(fc.integer({ min: 0, max: 10 ** 8 }), (c) => /^\$[\d,]+\.\d{2}$/.test(formatPrice(c))));
  });
});
