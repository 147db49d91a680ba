import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pickProviders, placeCards, type Box } from './landing';

/** A small seeded generator, so every run checks the same many layouts. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const apart = (a: Box, b: Box) =>
  a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;

describe('landing provider cards', () => {
  it('shows each provider once, at most five, from the services fetched', () => {
    const services = ['a', 'b', 'a', 'c', 'd', 'e', 'f', 'b'].map((userId, i) => ({ userId, id: i }));
    for (let seed = 1; seed < 50; seed++) {
      const picked = pickProviders(services, seeded(seed));
      expect(picked).toHaveLength(5);
      expect(new Set(picked.map((s) => s.userId)).size).toBe(5);
    }
    expect(pickProviders([], seeded(1))).toEqual([]);
  });

  it('places cards at random inside any area that holds them, no two overlapping', () => {
    fc.assert(
      fc.property(
        fc.record({
          width: fc.double({ min: 10, max: 2000, noNaN: true }),
          height: fc.double({ min: 10, max: 2000, noNaN: true }),
          cardWidth: fc.double({ min: 1, max: 300, noNaN: true }),
          cardHeight: fc.double({ min: 1, max: 300, noNaN: true }),
          count: fc.integer({ min: 0, max: 8 }),
          seed: fc.integer({ min: 1, max: 2 ** 30 }),
        }),
        ({ width, height, cardWidth, cardHeight, count, seed }) => {
          const card = { width: cardWidth, height: cardHeight };
          const boxes = placeCards(count, { width, height }, card, seeded(seed));
          const capacity = Math.floor(width / cardWidth) * Math.floor(height / cardHeight);
          expect(boxes).toHaveLength(Math.min(count, capacity));
          for (const box of boxes) {
            expect(box.x).toBeGreaterThanOrEqual(0);
            expect(box.y).toBeGreaterThanOrEqual(0);
            expect(box.x + box.width).toBeLessThanOrEqual(width + 1e-9);
            expect(box.y + box.height).toBeLessThanOrEqual(height + 1e-9);
          }
          for (let i = 0; i < boxes.length; i++) {
            for (let j = i + 1; j < boxes.length; j++) expect(apart(boxes[i]!, boxes[j]!)).toBe(true);
          }
        },
      ),
    );
  });

  it('places fewer only when the area cannot hold them all', () => {
    expect(placeCards(5, { width: 100, height: 30 }, { width: 46, height: 19 }, seeded(3))).toHaveLength(2);
    expect(placeCards(2, { width: 30, height: 30 }, { width: 46, height: 19 }, seeded(3))).toHaveLength(0);
  });
});
