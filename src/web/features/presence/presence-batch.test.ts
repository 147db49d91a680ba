import { describe, expect, it, vi } from 'vitest';
import { PRESENCE_WATCH_MAX } from '../../../domain/presence';
import { createPresenceBatcher } from './presence-batch';

const record = (userId: string) => ({ userId, onlineAt: '2026-01-01T00:00:00.000Z', manualStatus: null });

describe('presence of the users on screen', () => {
  it('the dots of one page ask the server once, each getting its own user', async () => {
    const fetchMany = vi.fn(async (ids: string[]) => ids.filter((id) => id !== 'never-seen').map(record));
    const presenceOf = createPresenceBatcher(fetchMany, 1);
    const answers = await Promise.all(['a', 'b', 'a', 'never-seen'].map((id) => presenceOf(id)));
    expect(fetchMany).toHaveBeenCalledTimes(1);
    expect(fetchMany.mock.calls[0]![0]).toEqual(['a', 'b', 'never-seen']);
    expect(answers).toEqual([[record('a')], [record('b')], [record('a')], []]);
  });

  it('more users than one call may carry are split into calls of the server limit', async () => {
    const fetchMany = vi.fn(async (ids: string[]) => ids.map(record));
    const presenceOf = createPresenceBatcher(fetchMany, 1);
    const ids = Array.from({ length: PRESENCE_WATCH_MAX + 1 }, (_, i) => `user-${i}`);
    await Promise.all(ids.map((id) => presenceOf(id)));
    expect(fetchMany.mock.calls.map(([chunk]) => chunk.length)).toEqual([PRESENCE_WATCH_MAX, 1]);
  });

  it('a later burst is a new call, and a failed call fails only its own dots', async () => {
    const fetchMany = vi.fn(async (ids: string[]) => {
      if (ids.includes('broken')) throw new Error('offline');
      return ids.map(record);
    });
    const presenceOf = createPresenceBatcher(fetchMany, 1);
    await expect(presenceOf('broken')).rejects.toThrow('offline');
    await expect(presenceOf('c')).resolves.toEqual([record('c')]);
    expect(fetchMany).toHaveBeenCalledTimes(2);
  });
});
