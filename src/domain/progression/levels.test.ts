import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEVEL_SPAN, levelBounds, levelForXp, levelProgressPercent, levelTitle, xpToNextLevel } from './levels';

describe('levels (spec 1, sections 4 and 9)', () => {
  it.each([
    [0, 0],
    [499, 0],
    [500, 1],
    [999, 1],
    [1000, 2],
    [5000, 10],
    [5499, 10],
  ])('%i XP is level %i', (xp, level) => {
    expect(levelForXp(xp)).toBe(level);
  });

  it('level N spans N*500 up to (N+1)*500', () => {
    expect(LEVEL_SPAN).toBe(500);
    expect(levelBounds(0)).toEqual({ min: 0, next: 500 });
    expect(levelBounds(3)).toEqual({ min: 1500, next: 2000 });
  });

  it('the bar shows the percent of the way to the next level', () => {
    expect(levelProgressPercent(0)).toBe(0);
    expect(levelProgressPercent(250)).toBe(50);
    expect(levelProgressPercent(499)).toBe(99);
    expect(levelProgressPercent(500)).toBe(0);
    expect(levelProgressPercent(1625)).toBe(25);
    expect(xpToNextLevel(1625)).toBe(375);
  });

  it('a stored level out of step with the XP keeps the bar within 0..100', () => {
    expect(levelProgressPercent(2600, 1)).toBe(100);
    expect(levelProgressPercent(100, 4)).toBe(0);
    expect(xpToNextLevel(2600, 1)).toBe(0);
  });

  it('invalid XP reads as none', () => {
    expect(levelForXp(-20)).toBe(0);
    expect(levelForXp(Number.NaN)).toBe(0);
    expect(levelProgressPercent(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it.each([
    [0, 'Newcomer'],
    [1, 'Explorer'],
    [2, 'Apprentice'],
    [3, 'Skilled Worker'],
    [4, 'Expert'],
    [5, 'Master'],
    [6, 'Veteran'],
    [7, 'Elite'],
    [8, 'Champion'],
    [9, 'Legend'],
    [10, 'Grandmaster'],
    [11, 'Grandmaster 2'],
    [25, 'Grandmaster 16'],
  ])('level %i is titled %s', (level, title) => {
    expect(levelTitle(level)).toBe(title);
  });

  it.each([[-1], [1.5], [Number.NaN], [null], [undefined], ['3']])('level %s is Unknown', (level) => {
    expect(levelTitle(level)).toBe('Unknown');
  });

  it('any XP lies within its level, with a percent in 0..100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (xp) => {
        const level = levelForXp(xp);
        expect(level * LEVEL_SPAN).toBeLessThanOrEqual(xp);
        expect(xp).toBeLessThan((level + 1) * LEVEL_SPAN);
        const percent = levelProgressPercent(xp);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
        expect(xpToNextLevel(xp)).toBe((level + 1) * LEVEL_SPAN - xp);
        expect(levelTitle(level)).not.toBe('Unknown');
      }),
    );
  });

  it('more XP never means a lower level, and within a level never a shorter bar', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000 }), (xp, more) => {
        expect(levelForXp(xp + more)).toBeGreaterThanOrEqual(levelForXp(xp));
        if (levelForXp(xp + more) === levelForXp(xp)) {
          expect(levelProgressPercent(xp + more)).toBeGreaterThanOrEqual(levelProgressPercent(xp));
        }
      }),
    );
  });

  it('a stored level and any XP still give a percent in 0..100', () => {
    fc.assert(
      fc.property(fc.double(), fc.integer({ min: -5, max: 100 }), (xp, level) => {
        const percent = levelProgressPercent(xp, level);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
      }),
    );
  });
});
