import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyOwnVote,
  applyPollEvent,
  applyPollEventToList,
  serverClockOffset,
  stampReceivedAt,
  type PollList,
  type PollView,
} from './polls-cache';
import { formatTimeRemaining } from '../../../domain/polls';

const poll = (id: string, counts: { yes: number; no: number } = { yes: 0, no: 0 }): PollView => ({
  id,
  pollType: 'service_deletion',
  title: `Remove service: ${id}`,
  description: 'Spam',
  serviceId: id,
  serviceOwnerId: 'owner',
  targetUserId: null,
  subjectName: id,
  expiresAt: '2026-12-01T00:00:00.000Z',
  createdAt: '2026-11-24T00:00:00.000Z',
  myVote: null,
  ...counts,
});

const voter = { id: 'member', createdAt: '2026-01-01T00:00:00.000Z' };

describe('the /polls cache follows live events', () => {
  it('puts a new poll first, once', () => {
    const { myVote: _, ...data } = poll('b');
    const once = applyPollEvent([poll('a')], { type: 'poll-created', poll: data });
    expect(once.map((p) => p.id)).toEqual(['b', 'a']);
    expect(applyPollEvent(once, { type: 'poll-created', poll: data })).toHaveLength(2);
  });

  it('takes the newer counts, never turning one back', () => {
    const list = [poll('a', { yes: 2, no: 1 })];
    expect(applyPollEvent(list, { type: 'poll-votes', pollId: 'a', yes: 3, no: 1 })[0]).toMatchObject({
      yes: 3,
      no: 1,
    });
    expect(applyPollEvent(list, { type: 'poll-votes', pollId: 'a', yes: 1, no: 0 })[0]).toMatchObject({
      yes: 2,
      no: 1,
    });
  });

  it('drops a closed poll', () => {
    const closed = { type: 'poll-closed', pollId: 'a', outcome: 'failed', yes: 0, no: 0 } as const;
    expect(applyPollEvent([poll('a'), poll('b')], closed).map((p) => p.id)).toEqual(['b']);
  });

  it("records the member's own vote with its counts", () => {
    const [mine] = applyOwnVote([poll('a', { yes: 4, no: 0 })], { pollId: 'a', myVote: 'no', yes: 3, no: 1 });
    expect(mine).toMatchObject({ myVote: 'no', yes: 4, no: 1 });
  });
});

describe("/polls counts time on the server's clock", () => {
  it('a phone 5 hours fast still reads the time the server counts', () => {
    const serverNow = Date.parse('2026-11-24T00:00:00.000Z');
    const phoneNow = serverNow + 5 * 60 * 60 * 1000;
    const offset = serverClockOffset({ now: new Date(serverNow).toISOString(), receivedAt: phoneNow });
    expect(offset).toBe(-5 * 60 * 60 * 1000);
    const expiresAt = new Date(serverNow + 7 * 24 * 60 * 60 * 1000).toISOString();
    expect(formatTimeRemaining(expiresAt, new Date(phoneNow + offset))).toBe('7d 0h remaining');
    // Read on the phone's own clock it would have lost 5 hours.
    expect(formatTimeRemaining(expiresAt, new Date(phoneNow))).toBe('6d 19h remaining');
  });

  it('no answer yet, or an unreadable clock, counts on the device', () => {
    expect(serverClockOffset({ now: 'not a date', receivedAt: Date.now() })).toBe(0);
    expect(serverClockOffset({ now: new Date().toISOString() })).toBe(0);
  });

  it('a live event changes the polls and keeps the clock the answer carried', () => {
    const list = { now: '2026-11-24T00:00:00.000Z', voter, polls: [poll('a')] };
    const next = applyPollEventToList(list, { type: 'poll-votes', pollId: 'a', yes: 2, no: 1 });
    expect(next).toEqual({ now: list.now, voter, polls: [{ ...poll('a'), yes: 2, no: 1 }] });
  });

  describe('across live events, in the query cache the page reads', () => {
    afterEach(() => void vi.useRealTimers());

    it('a vote 3 hours after the answer leaves the offset as the answer set it', async () => {
      vi.useFakeTimers();
      const serverNow = Date.parse('2026-11-24T00:00:00.000Z');
      const phoneNow = serverNow + 5 * 60 * 60 * 1000; // the phone's clock is 5 hours fast
      vi.setSystemTime(phoneNow);
      const queryClient = new QueryClient();
      const key = ['polls', 'list'];
      // What the polls query does: the server's answer, stamped as it arrives.
      await queryClient.fetchQuery({
        queryKey: key,
        queryFn: async () => stampReceivedAt({ now: new Date(serverNow).toISOString(), voter, polls: [poll('a')] }),
      });
      const offset = serverClockOffset(queryClient.getQueryData<PollList>(key)!);
      expect(offset).toBe(-5 * 60 * 60 * 1000);

      // Three hours later (the tab left open), a live vote and the member's own vote land in the cache.
      vi.setSystemTime(phoneNow + 3 * 60 * 60 * 1000);
      queryClient.setQueryData<PollList>(key, (old) =>
        applyPollEventToList(old!, { type: 'poll-votes', pollId: 'a', yes: 2, no: 1 }),
      );
      queryClient.setQueryData<PollList>(key, (old) => ({
        ...old!,
        polls: applyOwnVote(old!.polls, { pollId: 'a', myVote: 'yes', yes: 3, no: 1 }),
      }));
      const cached = queryClient.getQueryData<PollList>(key)!;
      expect(cached.polls[0]).toMatchObject({ yes: 3, no: 1, myVote: 'yes' });
      expect(serverClockOffset(cached)).toBe(offset);
      // Why the stamp lives in the data: the query's own update time moved with the events, and an offset counted
      // from it would now be 3 hours off ("0d 3h remaining" too many on every card).
      const updatedAt = queryClient.getQueryState(key)!.dataUpdatedAt;
      expect(serverNow - updatedAt - offset).toBe(-3 * 60 * 60 * 1000);
    });
  });
});
