import { describe, expect, it } from 'vitest';
import type { NotificationItem } from '../../../domain/notifications';
import { applyEventToPages, type NotificationPages } from './notifications-cache';

const item = (id: string, updatedAt: string, extra: Partial<NotificationItem> = {}): NotificationItem => ({
  id,
  kind: 'message',
  payload: { path: `/chat/${id}` },
  count: 1,
  readAt: null,
  createdAt: updatedAt,
  updatedAt,
  ...extra,
});
const pages = (...lists: NotificationItem[][]): NotificationPages => ({
  pages: lists.map((items) => ({ items, nextCursor: null })),
  pageParams: lists.map(() => null),
});
const ids = (data: NotificationPages) => data.pages.map((p) => p.items.map((i) => i.id));

describe('a notification list applying live events', () => {
  const data = pages(
    [item('b', '2026-01-02T00:00:00.000Z'), item('a', '2026-01-01T00:00:00.000Z')],
    [item('z', '2025-01-01T00:00:00.000Z')],
  );

  it('puts a new item on top of the first page', () => {
    const next = applyEventToPages(data, {
      type: 'changed',
      isNew: true,
      item: item('c', '2026-01-03T00:00:00.000Z'),
      unreadCount: 4,
    });
    expect(ids(next)).toEqual([['c', 'b', 'a'], ['z']]);
  });

  it('moves an item with a newer message to the top, once, from any page', () => {
    const next = applyEventToPages(data, {
      type: 'changed',
      isNew: false,
      item: item('z', '2026-01-04T00:00:00.000Z', { count: 2 }),
      unreadCount: 3,
    });
    expect(ids(next)).toEqual([['z', 'b', 'a'], []]);
    expect(next.pages[0]!.items[0]!.count).toBe(2);
  });

  it('leaves an item that was only read where it is', () => {
    const readAt = '2026-01-05T00:00:00.000Z';
    const next = applyEventToPages(data, {
      type: 'changed',
      isNew: false,
      item: item('a', '2026-01-01T00:00:00.000Z', { readAt }),
      unreadCount: 2,
    });
    expect(ids(next)).toEqual(ids(data));
    expect(next.pages[0]!.items[1]!.readAt).toBe(readAt);
  });

  it('marks the named items read, or all of them', () => {
    const readAt = '2026-01-05T00:00:00.000Z';
    const some = applyEventToPages(data, { type: 'read', ids: ['b'], readAt, unreadCount: 2 });
    expect(some.pages.flatMap((p) => p.items.map((i) => i.readAt))).toEqual([readAt, null, null]);
    const all = applyEventToPages(data, { type: 'read', ids: null, readAt, unreadCount: 0 });
    expect(all.pages.flatMap((p) => p.items.map((i) => i.readAt))).toEqual([readAt, readAt, readAt]);
  });

  it('drops removed items', () => {
    const next = applyEventToPages(data, { type: 'removed', ids: ['a', 'z'], unreadCount: 1 });
    expect(ids(next)).toEqual([['b'], []]);
  });
});
