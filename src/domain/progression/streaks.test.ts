import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeStreak,
  addDays,
  calendarDayIn,
  dailyLogin,
  dailyLoginAt,
  dailyLoginXp,
  dailyLoginInputSchema,
  daysBetween,
  isCalendarDay,
  isValidTimeZone,
  resolveTimeZone,
  timeZoneSchema,
  type CalendarDay,
  type StreakState,
} from './streaks';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

// Independent oracles: each zone's UTC offset from its published rules, to check the Intl-based day without Intl.
function nthSundayUtc(year: number, month: number, n: number): number {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return Date.UTC(year, month, 1 + ((7 - first) % 7) + (n - 1) * 7);
}
function lastSundayUtc(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay());
}
const offsetHours: Record<string, (ms: number) => number> = {
  UTC: () => 0,
  'Pacific/Kiritimati': () => 14,
  // US since 2007: from the second Sunday of March 2:00 PST to the first Sunday of November 2:00 PDT.
  'America/Los_Angeles': (ms) => {
    const year = new Date(ms).getUTCFullYear();
    const start = nthSundayUtc(year, 2, 2) + 10 * HOUR;
    const end = nthSundayUtc(year, 10, 1) + 9 * HOUR;
    return ms >= start && ms < end ? -7 : -8;
  },
  // EU: from the last Sunday of March to the last Sunday of October, 01:00 UTC.
  'Europe/London': (ms) => {
    const year = new Date(ms).getUTCFullYear();
    return ms >= lastSundayUtc(year, 2) + HOUR && ms < lastSundayUtc(year, 9) + HOUR ? 1 : 0;
  },
  // Lord Howe: +10:30, and +11 (a half-hour shift) from the first Sunday of October 2:00 to the first Sunday of
  // April 2:00 local, i.e. Saturday 15:30 and 15:00 UTC.
  'Australia/Lord_Howe': (ms) => {
    const year = new Date(ms).getUTCFullYear();
    const end = nthSundayUtc(year, 3, 1) - 9 * HOUR;
    const start = nthSundayUtc(year, 9, 1) - 8.5 * HOUR;
    return ms < end || ms >= start ? 11 : 10.5;
  },
};
const ZONES = Object.keys(offsetHours);
const oracleDay = (ms: number, zone: string) => new Date(ms + offsetHours[zone]!(ms) * HOUR).toISOString().slice(0, 10);

// 2008 to 2035: all four rule sets above hold unchanged over these years.
const instantArb = fc.integer({ min: Date.UTC(2008, 0, 2), max: Date.UTC(2035, 11, 30) });

describe('calendar days', () => {
  it('validates dates, leap days included', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2023-02-29')).toBe(false);
    expect(isCalendarDay('2025-13-01')).toBe(false);
    expect(isCalendarDay('2025-1-01')).toBe(false);
    expect(isCalendarDay(20250101)).toBe(false);
  });

  it('steps across month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-29', 1)).toBe('2024-03-01');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2023-02-28', '2023-03-01')).toBe(1);
  });

  it('the date of an instant depends on the zone', () => {
    const instant = at('2025-12-31T11:00:00Z');
    expect(calendarDayIn(instant, 'Pacific/Kiritimati')).toBe('2026-01-01');
    expect(calendarDayIn(instant, 'America/Los_Angeles')).toBe('2025-12-31');
    expect(calendarDayIn(at('2026-01-01T07:59:00Z'), 'America/Los_Angeles')).toBe('2025-12-31');
    expect(calendarDayIn(at('2026-01-01T08:00:00Z'), 'America/Los_Angeles')).toBe('2026-01-01');
  });

  it('follows DST changes, including Lord Howe’s half hour', () => {
    // Europe/London springs forward on 2026-03-29 at 01:00 UTC; 23:30 UTC the evening before is still the 28th.
    expect(calendarDayIn(at('2026-03-28T23:30:00Z'), 'Europe/London')).toBe('2026-03-28');
    expect(calendarDayIn(at('2026-06-30T23:30:00Z'), 'Europe/London')).toBe('2026-07-01');
    // Lord Howe is +11 in January, +10:30 in July.
    expect(calendarDayIn(at('2026-01-10T12:45:00Z'), 'Australia/Lord_Howe')).toBe('2026-01-10');
    expect(calendarDayIn(at('2026-01-10T13:00:00Z'), 'Australia/Lord_Howe')).toBe('2026-01-11');
    expect(calendarDayIn(at('2026-07-10T13:15:00Z'), 'Australia/Lord_Howe')).toBe('2026-07-10');
    expect(calendarDayIn(at('2026-07-10T13:30:00Z'), 'Australia/Lord_Howe')).toBe('2026-07-11');
  });

  it('an unknown zone falls back to UTC; the schema bounds what a client may send', () => {
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(resolveTimeZone('Mars/Olympus_Mons')).toBe('UTC');
    expect(resolveTimeZone(undefined)).toBe('UTC');
    expect(resolveTimeZone('Europe/London')).toBe('Europe/London');
    expect(calendarDayIn(at('2026-01-01T23:30:00Z'), 'Mars/Olympus_Mons')).toBe('2026-01-01');
    expect(timeZoneSchema.safeParse('x'.repeat(65)).success).toBe(false);
    expect(timeZoneSchema.safeParse('').success).toBe(false);
    expect(timeZoneSchema.parse(' Europe/London ')).toBe('Europe/London');
    expect(dailyLoginInputSchema.safeParse({}).success).toBe(false);
    expect(dailyLoginInputSchema.safeParse({ timeZone: 42 }).success).toBe(false);
    expect(dailyLoginInputSchema.parse({ timeZone: 'Pacific/Kiritimati' })).toEqual({ timeZone: 'Pacific/Kiritimati' });
  });

  it('matches each zone’s published rules for any instant from 2008 to 2035', () => {
    fc.assert(
      fc.property(instantArb, fc.constantFrom(...ZONES), (ms, zone) => {
        expect(calendarDayIn(new Date(ms), zone)).toBe(oracleDay(ms, zone));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('daily login XP (spec 1, section 9)', () => {
  it.each([
    [1, 25],
    [6, 25],
    [7, 35],
    [13, 35],
    [14, 50],
    [29, 50],
    [30, 75],
    [365, 75],
  ])('a login that brings the streak to %i earns %i XP (the highest tier’s bonus only)', (streak, xp) => {
    expect(dailyLoginXp(streak)).toBe(xp);
  });
});

describe('the daily login rule', () => {
  it('a first login starts the streak at 1 with 25 XP', () => {
    expect(dailyLogin(null, '2026-05-01')).toEqual({
      awarded: true,
      streak: { currentStreak: 1, lastAction: '2026-05-01' },
      xp: 25,
      continued: false,
    });
  });

  it('a second login the same day changes nothing and earns nothing', () => {
    const state = { currentStreak: 4, lastAction: '2026-05-01' };
    expect(dailyLogin(state, '2026-05-01')).toEqual({ awarded: false, reason: 'same-day', streak: state });
  });

  it('the next day continues the streak, across month, year and leap days', () => {
    for (const [last, today] of [
      ['2024-02-28', '2024-02-29'],
      ['2024-02-29', '2024-03-01'],
      ['2023-02-28', '2023-03-01'],
      ['2025-12-31', '2026-01-01'],
      ['2026-04-30', '2026-05-01'],
    ] as const) {
      const outcome = dailyLogin({ currentStreak: 6, lastAction: last }, today);
      expect(outcome).toMatchObject({ awarded: true, continued: true, xp: 35 });
      expect(outcome.streak).toEqual({ currentStreak: 7, lastAction: today });
    }
  });

  it('a missed day resets the streak to 1', () => {
    const outcome = dailyLogin({ currentStreak: 29, lastAction: '2024-02-28' }, '2024-03-01');
    expect(outcome).toMatchObject({ awarded: true, continued: false, xp: 25, streak: { currentStreak: 1 } });
  });

  it('a login dated before the last one (travelling west) changes nothing', () => {
    const state = { currentStreak: 3, lastAction: '2026-01-02' };
    expect(dailyLogin(state, '2026-01-01')).toEqual({ awarded: false, reason: 'earlier-day', streak: state });
  });

  it('a corrupt stored row is read as no streak', () => {
    expect(dailyLogin({ currentStreak: -4, lastAction: 'soon' }, '2026-01-01')).toMatchObject({
      awarded: true,
      streak: { currentStreak: 1 },
    });
    expect(() => dailyLogin(null, '2026-02-30')).toThrow(RangeError);
  });

  it('a Los Angeles evening and the next morning are two days; a night across a DST change is one', () => {
    let state: StreakState | null = null;
    const first = dailyLoginAt(state, at('2026-03-08T06:30:00Z'), 'America/Los_Angeles'); // 22:30 on the 7th
    expect(first).toMatchObject({ awarded: true, streak: { lastAction: '2026-03-07' } });
    state = first.streak;
    // 01:30 PST and 03:30 PDT on the 8th: clocks sprang forward in between, still one day.
    const second = dailyLoginAt(state, at('2026-03-08T09:30:00Z'), 'America/Los_Angeles');
    expect(second).toMatchObject({ awarded: true, streak: { currentStreak: 2, lastAction: '2026-03-08' } });
    state = second.streak;
    expect(dailyLoginAt(state, at('2026-03-08T10:30:00Z'), 'America/Los_Angeles').awarded).toBe(false);
    // Fall back on 2026-11-01: 00:30 PDT and 23:30 PST are 24 hours apart, on the same date.
    const nov = dailyLoginAt(null, at('2026-11-01T07:30:00Z'), 'America/Los_Angeles');
    expect(dailyLoginAt(nov.streak, at('2026-11-02T07:30:00Z'), 'America/Los_Angeles').awarded).toBe(false);
  });

  it('a traveller from Kiritimati to Los Angeles gets no second award for the same date', () => {
    // 10:00 UTC on 1 Jan is 00:00 on 2 Jan in Kiritimati and 02:00 on 1 Jan in Los Angeles.
    const kiritimati = dailyLoginAt(null, at('2026-01-01T10:00:00Z'), 'Pacific/Kiritimati');
    expect(kiritimati.streak.lastAction).toBe('2026-01-02');
    const la = dailyLoginAt(kiritimati.streak, at('2026-01-01T20:00:00Z'), 'America/Los_Angeles');
    expect(la).toMatchObject({ awarded: false, reason: 'earlier-day' });
    // The 2nd in Los Angeles is the date already awarded.
    expect(dailyLoginAt(la.streak, at('2026-01-02T20:00:00Z'), 'America/Los_Angeles')).toMatchObject({
      awarded: false,
      reason: 'same-day',
    });
    expect(dailyLoginAt(la.streak, at('2026-01-03T20:00:00Z'), 'America/Los_Angeles')).toMatchObject({
      awarded: true,
      streak: { currentStreak: 2, lastAction: '2026-01-03' },
    });
  });

  const journeyArb = fc.tuple(
    instantArb,
    fc.array(fc.record({ afterMs: fc.integer({ min: 0, max: 60 * HOUR }), zone: fc.constantFrom(...ZONES) }), {
      minLength: 1,
      maxLength: 60,
    }),
  );

  it('a user who stays in one zone earns exactly one award per local date with a login, in order', () => {
    fc.assert(
      fc.property(journeyArb, fc.constantFrom(...ZONES), ([start, steps], zone) => {
        let state: StreakState | null = null;
        let ms = start;
        const loginDays = new Set<CalendarDay>();
        const awards: CalendarDay[] = [];
        for (const step of steps) {
          ms += step.afterMs;
          const outcome = dailyLoginAt(state, new Date(ms), zone);
          loginDays.add(oracleDay(ms, zone));
          if (outcome.awarded) {
            // The streak continues exactly when the previous award was the day before.
            const previous = awards.at(-1);
            expect(outcome.continued).toBe(
              previous !== undefined && addDays(previous, 1) === outcome.streak.lastAction,
            );
            expect(outcome.streak.currentStreak).toBe(outcome.continued ? state!.currentStreak + 1 : 1);
            expect(outcome.xp).toBe(dailyLoginXp(outcome.streak.currentStreak));
            awards.push(outcome.streak.lastAction!);
          }
          state = outcome.streak;
        }
        expect(awards).toEqual([...loginDays]);
      }),
    );
  });

  it('a traveller changing zones never earns two awards for one date, and gains at most two days overall', () => {
    fc.assert(
      fc.property(journeyArb, ([start, steps]) => {
        let state: StreakState | null = null;
        let ms = start;
        const awards: CalendarDay[] = [];
        for (const step of steps) {
          ms += step.afterMs;
          const outcome = dailyLoginAt(state, new Date(ms), step.zone);
          if (outcome.awarded) {
            const previous = awards.at(-1);
            if (previous) expect(daysBetween(previous, outcome.streak.lastAction!)).toBeGreaterThan(0);
            // The award is for the date in the zone the login sent.
            expect(outcome.streak.lastAction).toBe(oracleDay(ms, step.zone));
            awards.push(outcome.streak.lastAction!);
          }
          state = outcome.streak;
        }
        // Zones span UTC-12..UTC+14: each awarded date lies within a day of the UTC date, so a journey earns at most
        // the UTC days it spans plus two.
        const utcDays = daysBetween(oracleDay(start, 'UTC'), oracleDay(ms, 'UTC')) + 1;
        expect(awards.length).toBeLessThanOrEqual(utcDays + 2);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the streak a card shows', () => {
  it('is the stored streak while it is alive, 0 once a day was missed', () => {
    const state = { currentStreak: 5, lastAction: '2026-05-10' };
    expect(activeStreak(state, '2026-05-10')).toBe(5);
    expect(activeStreak(state, '2026-05-11')).toBe(5);
    expect(activeStreak(state, '2026-05-12')).toBe(0);
    expect(activeStreak(null, '2026-05-12')).toBe(0);
  });
});
