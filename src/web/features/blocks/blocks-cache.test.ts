import { describe, expect, it } from 'vitest';
import { applyToIds, applyToPages, type BlockedPages } from './blocks-cache';

const member = (userId: string) => ({
  userId,
  firstName: userId,
  lastName: null,
  avatarUrl: null,
  blockedAt: '2026-01-01T00:00:00.000Z',
});

describe('the blocked ids', () => {
  it('gain a blocked member once and lose an unblocked one', () => {
    expect(applyToIds(['a'], { type: 'blocked', member: member('b') })).toEqual(['a', 'b']);
    expect(applyToIds(['a', 'b'], { type: 'blocked', member: member('b') })).toEqual(['a', 'b']);
    expect(applyToIds(['a', 'b'], { type: 'unblocked', userId: 'a' })).toEqual(['b']);
  });
});

describe('the Settings list', () => {
  const pages: BlockedPages = {
    pages: [
      { items: [member('a')], nextCursor: { createdAt: '2026-01-01T00:00:00.000Z', userId: 'a' } },
      { items: [member('c')], nextCursor: null },
    ],
    pageParams: [null, 'x'],
  };

  it('puts a new block first, once', () => {
    const after = applyToPages(applyToPages(pages, { type: 'blocked', member: member('b') }), {
      type: 'blocked',
      member: member('b'),
    });
    expect(after.pages.map((p) => p.items.map((m) => m.userId))).toEqual([['b', 'a'], ['c']]);
  });

  it('drops an unblocked member from whichever page holds them', () => {
    const after = applyToPages(pages, { type: 'unblocked', userId: 'c' });
    expect(after.pages.map((p) => p.items.map((m) => m.userId))).toEqual([['a'], []]);
  });
});
