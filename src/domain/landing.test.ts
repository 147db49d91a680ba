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

  it('places cards at random inside the area, no two overlapping', () => {
    const area = { width: 100, height: 100 };
    const card = { width: 46, height: 19 };
    for (let seed = 1; seed < 300; seed++) {
      const boxes = placeCards(5, area, card, seeded(seed));
      expect(boxes).toHaveLength(5);
      for (const box of boxes) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(100);
        expect(box.y + box.height).toBeLessThanOrEqual(100);
      }
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) expect(apart(boxes[i]!, boxes[j]!)).toBe(true);
      }
    }
  });

  it('places fewer only when the area cannot hold them all', () => {
    expect(placeCards(5, { width: 100, height: 30 }, { width: 46, height: 19 }, seeded(3))).toHaveLength(2);
    expect(placeCards(2, { width: 30, height: 30 }, { width: 46, height: 19 }, seeded(3))).toHaveLength(0);
  });
});
