import { describe, expect, it } from 'vitest';
import {
  channelsFor,
  clockToMinutes,
  DEFAULT_NOTIFICATION_SETTINGS,
  minutesToClock,
  quietUntil,
} from './notification-preferences';
import { unreadBadge } from './notifications';

describe('what a kind is delivered by', () => {
  it('follows the defaults: deals by every channel, progress in the app only', () => {
    expect(channelsFor(DEFAULT_NOTIFICATION_SETTINGS, 'price_proposed', false)).toEqual({
      inApp: true,
      email: true,
      push: true,
    });
    expect(channelsFor(DEFAULT_NOTIFICATION_SETTINGS, 'badge_earned', false)).toEqual({
      inApp: true,
      email: false,
      push: false,
    });
  });

  it('never emails a minor about community or progress, whatever they chose; deals and account still go', () => {
    const all = { inApp: true, email: true, push: true };
    const settings = { ...DEFAULT_NOTIFICATION_SETTINGS, kinds: { level_up: all, room_invitation: all } };
    expect(channelsFor(settings, 'level_up', true).email).toBe(false);
    expect(channelsFor(settings, 'room_invitation', true).email).toBe(false);
    expect(channelsFor(settings, 'level_up', false).email).toBe(true);
    expect(channelsFor(settings, 'payment_received', true).email).toBe(true);
    expect(channelsFor(settings, 'suspended', true).email).toBe(true);
  });

  it("the spec's two switches stop their channel for every kind", () => {
    const off = { ...DEFAULT_NOTIFICATION_SETTINGS, emailEnabled: false, pushEnabled: false };
    expect(channelsFor(off, 'message', false)).toEqual({ inApp: true, email: false, push: false });
  });
});

describe('quiet hours', () => {
  const night = { quietHours: { start: 22 * 60, end: 7 * 60 }, timeZone: 'Europe/Paris' };

  it('span midnight in the member zone, and say when they end', () => {
    // 23:30 in Paris (winter, UTC+1) is 22:30 UTC.
    expect(quietUntil(night, new Date('2026-01-10T22:30:00Z'))?.toISOString()).toBe('2026-01-11T06:00:00.000Z');
    // 06:59 in Paris.
    expect(quietUntil(night, new Date('2026-01-11T05:59:00Z'))?.toISOString()).toBe('2026-01-11T06:00:00.000Z');
    // 07:00 and 21:59 in Paris are outside.
    expect(quietUntil(night, new Date('2026-01-11T06:00:00Z'))).toBeNull();
    expect(quietUntil(night, new Date('2026-01-11T20:59:00Z'))).toBeNull();
  });

  it('within one day, in UTC before a zone is chosen; none when unset or empty', () => {
    const lunch = { quietHours: { start: 12 * 60, end: 13 * 60 }, timeZone: null };
    expect(quietUntil(lunch, new Date('2026-05-01T12:15:00Z'))?.toISOString()).toBe('2026-05-01T13:00:00.000Z');
    expect(quietUntil(lunch, new Date('2026-05-01T13:00:00Z'))).toBeNull();
    expect(quietUntil({ quietHours: null, timeZone: null }, new Date())).toBeNull();
    expect(quietUntil({ quietHours: { start: 60, end: 60 }, timeZone: null }, new Date())).toBeNull();
  });

  it('read and write the time inputs', () => {
    expect(minutesToClock(22 * 60 + 5)).toBe('22:05');
    expect(clockToMinutes('07:30')).toBe(450);
    expect(clockToMinutes('24:00')).toBeNull();
    expect(clockToMinutes('7:30')).toBeNull();
  });
});

describe("the bell's badge", () => {
  it('counts to 99, then reads 99+; nothing when all is read', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(7)).toBe('7');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
  });
});
