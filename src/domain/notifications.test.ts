import { describe, expect, it } from 'vitest';
import {
  bellLabel,
  boundedName,
  NOTIFICATION_KINDS,
  NOTIFICATION_LIMITS,
  notificationText,
  unreadBadge,
} from './notifications';

describe('notification texts', () => {
  it('every kind reads as a sentence, even with nothing but its path', () => {
    for (const kind of NOTIFICATION_KINDS) {
      const text = notificationText({ kind, payload: { path: '/' }, count: 1 });
      expect(text.length, kind).toBeGreaterThan(10);
      expect(text, kind).not.toMatch(/undefined|null|NaN/);
    }
  });

  it('a conversation item names who, what and how much', () => {
    const payload = { path: '/chat/1', actorName: 'Pat Lee', subject: 'Logo design', amountCents: 2550 };
    expect(notificationText({ kind: 'price_proposed', payload, count: 1 })).toBe(
      'Pat Lee proposed $25.50 for "Logo design"',
    );
    expect(notificationText({ kind: 'message', payload, count: 1 })).toBe(
      'Pat Lee sent you a message about "Logo design"',
    );
    expect(notificationText({ kind: 'message', payload, count: 3 })).toBe(
      'Pat Lee sent you 3 messages about "Logo design"',
    );
  });

  it('an automatic confirmation says auto-confirmed', () => {
    const payload = { path: '/chat/1', subject: 'Essay feedback', automatic: true };
    expect(notificationText({ kind: 'completion_confirmed', payload, count: 1 })).toMatch(/auto-confirmed/);
  });

  it('the bell says how many are unread, 99+ beyond 99', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(120)).toBe('Notifications, 99+ unread');
    expect(unreadBadge(100)).toBe('99+');
  });

  it('a stored name is trimmed and cut to its bound', () => {
    expect(boundedName('  Pat  ')).toBe('Pat');
    expect(boundedName('   ')).toBeNull();
    expect([...boundedName('x'.repeat(500))!]).toHaveLength(NOTIFICATION_LIMITS.nameMax);
  });
});
