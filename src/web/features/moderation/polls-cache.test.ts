import { describe, expect, it } from 'vitest';
import { applyOwnVote, applyPollEvent, type PollView } from './polls-cache';

const poll = (id: string, counts: { yes: number; no: number } = { yes: 0, no: 0 }): PollView => ({
  id,
  pollType: 'service_deletion',
  title: `Remove service: ${id}`,
  description: 'Spam',
  serviceId: id,
  targetUserId: null,
  subjectName: id,
  expiresAt: '2026-12-01T00:00:00.000Z',
  createdAt: '2026-11-24T00:00:00.000Z',
  myVote: null,
  ...counts,
});

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
