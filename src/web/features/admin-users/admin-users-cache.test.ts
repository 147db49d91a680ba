import { describe, expect, it } from 'vitest';
import { applyUserEvent, findUser, patchUser, type AdminUser, type AdminUsersData } from './admin-users-cache';

const user = (id: string, joinedAt: string, extra: Partial<AdminUser> = {}): AdminUser => ({
  id,
  name: `User ${id}`,
  email: `${id}@example.com`,
  joinedAt,
  lastSignInAt: null,
  subscribed: false,
  isAdmin: false,
  suspension: null,
  isSelf: false,
  ...extra,
});

const data = (...pages: AdminUser[][]): AdminUsersData => ({
  pages: pages.map((items, i) => ({
    items,
    nextCursor: i < pages.length - 1 ? { joinedAt: items.at(-1)!.joinedAt, id: items.at(-1)!.id } : null,
  })),
  pageParams: pages.map((_, i) => (i === 0 ? undefined : { joinedAt: '', id: '' })),
});

const list = data(
  [user('c', '2026-01-03T00:00:00.000Z'), user('b', '2026-01-02T00:00:00.000Z')],
  [user('a', '2026-01-01T00:00:00.000Z')],
);

describe('applying admin users events', () => {
  it('a sign-up newer than every row goes on top of the first page; the cursors stay', () => {
    const next = applyUserEvent(
      list,
      { type: 'user-changed', userId: 'd', user: user('d', '2026-01-04T00:00:00.000Z') },
      { searching: false },
    );
    expect(next.pages[0]!.items.map((u) => u.id)).toEqual(['d', 'c', 'b']);
    expect(next.pages.map((p) => p.nextCursor)).toEqual(list.pages.map((p) => p.nextCursor));
  });

  it('a changed row replaces its copy where it is (a suspension, a role)', () => {
    const suspended = user('a', '2026-01-01T00:00:00.000Z', { suspension: { until: null, reason: 'Spam' } });
    const next = applyUserEvent(list, { type: 'user-changed', userId: 'a', user: suspended }, { searching: false });
    expect(findUser(next, 'a')?.suspension).toEqual({ until: null, reason: 'Spam' });
    expect(next.pages[1]!.items).toHaveLength(1);
  });

  it('a removed account leaves; an unknown one changes nothing', () => {
    const next = applyUserEvent(list, { type: 'user-removed', userId: 'b' }, { searching: false });
    expect(next.pages.flatMap((p) => p.items.map((u) => u.id))).toEqual(['c', 'a']);
    expect(applyUserEvent(list, { type: 'user-removed', userId: 'zz' }, { searching: false })).toBe(list);
  });

  it('a search result gets no new rows (the server decides what matches), an older unknown row neither', () => {
    const fresh = { type: 'user-changed' as const, userId: 'd', user: user('d', '2026-01-04T00:00:00.000Z') };
    expect(applyUserEvent(list, fresh, { searching: true })).toBe(list);
    const old = { type: 'user-changed' as const, userId: 'o', user: user('o', '2025-01-01T00:00:00.000Z') };
    expect(applyUserEvent(list, old, { searching: false })).toBe(list);
  });
});

describe('an admin’s own action applied to the loaded rows', () => {
  it('suspends, lifts and changes the role of that row alone, at once', () => {
    const suspended = patchUser(list, 'b', { suspension: { until: null, reason: 'Spam' } });
    expect(findUser(suspended, 'b')?.suspension).toEqual({ until: null, reason: 'Spam' });
    expect(findUser(suspended, 'c')?.suspension).toBeNull();
    expect(findUser(patchUser(suspended, 'b', { suspension: null }), 'b')?.suspension).toBeNull();
    expect(findUser(patchUser(list, 'a', { isAdmin: true }), 'a')?.isAdmin).toBe(true);
  });

  it('leaves the data as it is for a user no page holds', () => {
    expect(patchUser(list, 'zz', { isAdmin: true })).toBe(list);
  });
});
