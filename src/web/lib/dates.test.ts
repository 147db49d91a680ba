import { describe, expect, it } from 'vitest';
import { clockTime, dateTime, dayKey, dayLabel, listTime, serverShortDate, shortDate } from './dates';

// Local-time constructors, so the cases hold in any time zone the tests run in.
const now = new Date(2026, 10, 23, 9, 30);

describe('chat and list dates', () => {
  it('labels today and yesterday by name, across midnight by the calendar, not 24 hours', () => {
    expect(dayLabel(new Date(2026, 10, 23, 0, 5), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 22, 23, 55), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 10, 22, 0, 1), now)).toBe('Yesterday');
  });

  it('names older days with the weekday this year and the year before that', () => {
    expect(dayLabel(new Date(2026, 10, 16, 12), now)).toBe('Mon, Nov 16');
    expect(dayLabel(new Date(2025, 10, 16, 12), now)).toBe('Nov 16, 2025');
  });

  it('a list shows the clock time today and the date before', () => {
    expect(listTime(new Date(2026, 10, 23, 8, 5), now)).toBe('8:05 AM');
    expect(listTime(new Date(2026, 10, 20, 8, 5), now)).toBe('Nov 20, 2026');
  });

  it('groups by local calendar day', () => {
    expect(dayKey(new Date(2026, 10, 23, 0, 0))).toBe(dayKey(new Date(2026, 10, 23, 23, 59)));
    expect(dayKey(new Date(2026, 10, 23, 0, 0))).not.toBe(dayKey(new Date(2026, 10, 22, 23, 59)));
  });

  it('a moment with date and time reads like the other formats: short month, no seconds', () => {
    const at = new Date(2026, 10, 23, 18, 31, 23);
    expect(dateTime(at)).toBe('Nov 23, 2026, 6:31 PM');
    expect(dateTime(at)).toContain(shortDate(at));
    expect(dateTime(at)).toContain(clockTime(at));
    expect(dateTime(at.toISOString())).toBe(dateTime(at));
  });
});

describe('a date as the server writes it', () => {
  const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

  it("reads as Intl's en-US date in UTC, every month, at both ends of the day", () => {
    for (let month = 0; month < 12; month += 1) {
      for (const at of [
        Date.UTC(2026, month, 1, 0, 0),
        Date.UTC(2026, month, 28, 23, 59),
        Date.UTC(1999, month, 9, 12),
      ]) {
        expect(serverShortDate(new Date(at))).toBe(intl.format(at));
        expect(serverShortDate(new Date(at).toISOString())).toBe(intl.format(at));
      }
    }
  });
});
