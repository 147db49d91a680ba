import { describe, expect, it } from 'vitest';
import { applyToAdminTable, applyToMine } from './feedback-cache';

const item = (id: string, createdAt: string, resolvedAt: string | null = null) => ({ id, createdAt, resolvedAt });
const JAN = '2024-01-01T00:00:00.000Z';
const FEB = '2024-02-01T00:00:00.000Z';
const MAR = '2024-03-01T00:00:00.000Z';

describe('a live feedback event in the member’s history', () => {
  it('replaces the item in place, or adds a new one, keeping unresolved first and newest first', () => {
    const list = { items: [item('b', FEB), item('a', JAN)], hasMore: false };
    expect(applyToMine(list, item('c', MAR)).items.map((i) => i.id)).toEqual(['c', 'b', 'a']);
    // b resolved: it moves below the unresolved ones.
    expect(applyToMine(list, item('b', FEB, MAR)).items.map((i) => [i.id, i.resolvedAt])).toEqual([
      ['a', null],
      ['b', MAR],
    ]);
  });
});

describe('a live feedback event in an admin table', () => {
  it('moves a resolved item from Unresolved to Resolved', () => {
    const unresolved = { items: [item('b', FEB), item('a', JAN)], hasMore: false };
    const resolved = { items: [item('z', JAN, FEB)], hasMore: false };
    const now = item('b', FEB, MAR);
    expect(applyToAdminTable(unresolved, 'unresolved', 10, now).items.map((i) => i.id)).toEqual(['a']);
    // The Resolved table is newest resolution first, so a new one is never cut off past the table's limit.
    expect(applyToAdminTable(resolved, 'resolved', 10, now).items.map((i) => i.id)).toEqual(['b', 'z']);
  });

  it('keeps a table within its limit and says there is more', () => {
    const full = { items: [item('b', FEB), item('a', JAN)], hasMore: false };
    const after = applyToAdminTable(full, 'unresolved', 2, item('c', MAR));
    expect(after).toEqual({ items: [item('c', MAR), item('b', FEB)], hasMore: true });
  });
});
