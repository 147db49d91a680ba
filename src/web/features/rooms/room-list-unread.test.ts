import { describe, expect, it } from 'vitest';
import { withRoomListEvent, type RoomSummary } from './api-rooms';

const room = (id: string, isMember: boolean, unread = 0): RoomSummary => ({
  id,
  name: id,
  description: '',
  isPrivate: false,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  memberCount: 2,
  isMember,
  unread,
});

describe("the rooms list's unread counts, live", () => {
  it("counts another member's message in the viewer's rooms only", () => {
    const rooms = [room('mine', true, 2), room('other', false)];
    const next = withRoomListEvent(
      rooms,
      { type: 'room-message', roomId: 'mine', senderId: 's', messageId: 'm' },
      false,
    );
    expect(next.map((r) => r.unread)).toEqual([3, 0]);
    const elsewhere = withRoomListEvent(
      rooms,
      { type: 'room-message', roomId: 'other', senderId: 's', messageId: 'm' },
      false,
    );
    expect(elsewhere.map((r) => r.unread)).toEqual([2, 0]);
  });

  it('does not count a message of a member the viewer blocked (it is folded on screen)', () => {
    const next = withRoomListEvent(
      [room('mine', true, 2)],
      { type: 'room-message', roomId: 'mine', senderId: 'blocked', messageId: 'm' },
      false,
      new Set(['blocked']),
    );
    expect(next[0]!.unread).toBe(2);
  });

  it('takes the count a read on another tab left', () => {
    const next = withRoomListEvent([room('mine', true, 7)], { type: 'unread', roomId: 'mine', unread: 0 }, false);
    expect(next[0]!.unread).toBe(0);
  });
});
