import { describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from './categories';

describe('service categories', () => {
  it('are the 15 fixed names in display order', () => {
    expect(SERVICE_CATEGORIES.map((c) => c.name)).toEqual([
      'Web Development',
      'Design',
      'Writing',
      'Marketing and Sales',
      'Game Development',
      'Tutoring',
      'Photography',
      'Music',
      'Language',
      'Health',
      'Fashion',
      'Business',
      'Arts',
      'Engineering and CAD',
      'Other',
    ]);
    expect(SERVICE_CATEGORIES.map((c) => c.displayOrder)).toEqual([...Array(15).keys()].map((i) => i + 1));
  });
  it('have unique uuids, a colour, an icon and a description', () => {
    expect(new Set(SERVICE_CATEGORIES.map((c) => c.id)).size).toBe(15);
    for (const c of SERVICE_CATEGORIES) {
      expect(c.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(c.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(c.icon.length).toBeGreaterThan(0);
      expect(c.description.length).toBeGreaterThan(10);
    }
  });
});
