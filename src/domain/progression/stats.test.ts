import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageRating, DAY_MS, mostWithinWindow, profileChecklist, profileFieldsDone } from './stats';

describe('profile checklist (complete_profile)', () => {
  it('a bio counts only when longer than 10 characters after trimming', () => {
    const base = { firstName: 'Ada', lastName: 'Lovelace', avatarUrl: '/a.png' };
    expect(profileChecklist({ ...base, bio: '1234567890' }).bio).toBe(false);
    expect(profileChecklist({ ...base, bio: '   1234567890   ' }).bio).toBe(false);
    expect(profileChecklist({ ...base, bio: '12345678901' }).bio).toBe(true);
  });

  it('blank or missing fields are not done', () => {
    const checklist = profileChecklist({ firstName: '  ', lastName: null, bio: undefined, avatarUrl: '' });
    expect(checklist).toEqual({ firstName: false, lastName: false, bio: false, avatar: false });
    expect(profileFieldsDone(checklist)).toBe(0);
    expect(
      profileFieldsDone(profileChecklist({ firstName: 'A', lastName: 'B', bio: 'I tutor maths', avatarUrl: 'x' })),
    ).toBe(4);
  });
});

describe('average rating', () => {
  it('is exact, and absent without reviews', () => {
    expect(averageRating({ reviewsReceived: 10, ratingTotal: 45 })).toBe(4.5);
    expect(averageRating({ reviewsReceived: 0, ratingTotal: 0 })).toBeNull();
  });
});

describe('most completions within 24 hours', () => {
  const t = (hours: number) => Date.UTC(2026, 0, 1) + hours * 3_600_000;

  it('counts the busiest 24-hour window, ends included', () => {
    expect(mostWithinWindow([])).toBe(0);
    expect(mostWithinWindow([t(0)])).toBe(1);
    expect(mostWithinWindow([t(0), t(24), t(48)])).toBe(2);
    expect(mostWithinWindow([t(48), t(0), t(23), t(24.5), t(30)])).toBe(3);
    expect(mostWithinWindow([t(0), t(24.01), t(48.02)])).toBe(1);
  });

  it('agrees with counting every window by hand', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10 * DAY_MS }), { maxLength: 40 }), (times) => {
        const naive = Math.max(0, ...times.map((s) => times.filter((x) => x >= s && x - s <= DAY_MS).length));
        expect(mostWithinWindow(times)).toBe(naive);
      }),
    );
  });
});
