import { describe, expect, it } from 'vitest';
import { withQueueChange, type QueueItem } from './queue-cache';

const item = (targetId: string, count: number, latestAt: string): QueueItem => ({
  targetKind: 'member',
  targetId,
  reportedUserId: targetId,
  reportedUserName: targetId,
  evidence: { text: null, detail: null, mediaUrl: null, roomId: null, conversationId: null },
  count,
  latestAt,
  reports: [],
});

describe('the admins’ queue applies live changes', () => {
  const a = item('a', 3, '2026-01-01T00:00:00.000Z');
  const b = item('b', 1, '2026-01-02T00:00:00.000Z');

  it('a new report moves its item to the top of the newest', () => {
    const next = withQueueChange(
      [b, a],
      { targetKind: 'member', targetId: 'a', item: { ...a, count: 4, latestAt: '2026-01-03T00:00:00.000Z' } },
      'newest',
    );
    expect(next.map((i) => [i.targetId, i.count])).toEqual([
      ['a', 4],
      ['b', 1],
    ]);
  });

  it('the most reported stay first, and a settled item leaves', () => {
    expect(
      withQueueChange([a], { targetKind: 'member', targetId: 'b', item: b }, 'most').map((i) => i.targetId),
    ).toEqual(['a', 'b']);
    expect(withQueueChange([a, b], { targetKind: 'member', targetId: 'a', item: null }, 'most')).toEqual([b]);
  });
});
