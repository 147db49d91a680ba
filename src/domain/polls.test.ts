import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  banSubjectName,
  banTargetRefusal,
  defaultPollTitle,
  formatTimeRemaining,
  isPollOpen,
  POLL_DURATION_MS,
  POLL_LIMITS,
  POLL_MESSAGES,
  POLL_MIN_VOTES,
  pollOutcome,
  REPORT_MESSAGES,
  voteRefusal,
} from './polls';
import { castVoteSchema, createPollSchema, reportServiceSchema } from './polls-schemas';

const HOUR = 60 * 60 * 1000;
const now = new Date('2026-11-24T12:00:00.000Z');
const SERVICE = '0b7f2c4e-6f1a-4c1b-9a43-1d2e3f4a5b6c';

describe('time remaining', () => {
  it('reads "Xd Yh remaining" while the poll runs', () => {
    expect(formatTimeRemaining(new Date(now.getTime() + POLL_DURATION_MS), now)).toBe('7d 0h remaining');
    expect(formatTimeRemaining(new Date(now.getTime() + 2 * 24 * HOUR + 5 * HOUR + 59 * 60_000), now)).toBe(
      '2d 5h remaining',
    );
    expect(formatTimeRemaining(new Date(now.getTime() + 30 * 60_000).toISOString(), now)).toBe('0d 0h remaining');
  });

  it('reads "Expired" from expires_at on', () => {
    expect(formatTimeRemaining(now, now)).toBe(POLL_MESSAGES.expired);
    expect(formatTimeRemaining(new Date(now.getTime() - 1), now)).toBe('Expired');
    expect(formatTimeRemaining('not a date', now)).toBe('Expired');
  });

  it('never shows more hours than a day holds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: POLL_DURATION_MS }), (left) => {
        const text = formatTimeRemaining(new Date(now.getTime() + left), now);
        const [, days, hours] = /^(\d+)d (\d+)h remaining$/.exec(text)!;
        expect(Number(hours)).toBeLessThan(24);
        expect(Number(days) * 24 + Number(hours)).toBe(Math.floor(left / HOUR));
      }),
    );
  });
});

describe('a poll is open', () => {
  it('while active and before it expires', () => {
    expect(isPollOpen({ isActive: true, expiresAt: new Date(now.getTime() + 1) }, now)).toBe(true);
    expect(isPollOpen({ isActive: true, expiresAt: now }, now)).toBe(false);
    expect(isPollOpen({ isActive: false, expiresAt: new Date(now.getTime() + HOUR) }, now)).toBe(false);
  });
});

describe('the outcome of an ended poll', () => {
  it(`passes with a yes majority of at least ${POLL_MIN_VOTES} votes`, () => {
    expect(pollOutcome({ yes: 3, no: 2 })).toBe('passed');
    expect(pollOutcome({ yes: 5, no: 0 })).toBe('passed');
  });

  it('fails on too few votes, a tie or a no majority', () => {
    expect(pollOutcome({ yes: 4, no: 0 })).toBe('failed');
    expect(pollOutcome({ yes: 3, no: 3 })).toBe('failed');
    expect(pollOutcome({ yes: 2, no: 3 })).toBe('failed');
    expect(pollOutcome({ yes: 0, no: 0 })).toBe('failed');
  });

  it('never passes without more yes than no', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(1000), (yes, no) => {
        if (pollOutcome({ yes, no }) === 'passed') {
          expect(yes).toBeGreaterThan(no);
          expect(yes + no).toBeGreaterThanOrEqual(POLL_MIN_VOTES);
        }
      }),
    );
  });
});

describe('poll inputs', () => {
  it('needs a non-blank reason', () => {
    const blank = createPollSchema.safeParse({ pollType: 'service_deletion', serviceId: SERVICE, description: '  ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe(POLL_MESSAGES.reasonRequired);
    const ok = createPollSchema.parse({ pollType: 'service_deletion', serviceId: SERVICE, description: ' Spam ' });
    expect(ok.description).toBe('Spam');
  });

  it('names its subject by its type, and nothing else', () => {
    expect(createPollSchema.safeParse({ pollType: 'user_ban', serviceId: SERVICE, description: 'x' }).success).toBe(
      false,
    );
    expect(createPollSchema.safeParse({ pollType: 'other', serviceId: SERVICE, description: 'x' }).success).toBe(false);
    expect(createPollSchema.safeParse({ pollType: 'user_ban', targetUserId: 'u1', description: 'x' }).success).toBe(
      true,
    );
  });

  it('bounds the title and the reason', () => {
    const long = 'x'.repeat(POLL_LIMITS.descriptionMax + 1);
    expect(createPollSchema.safeParse({ pollType: 'user_ban', targetUserId: 'u', description: long }).success).toBe(
      false,
    );
    const title = 'x'.repeat(POLL_LIMITS.titleMax + 1);
    expect(
      createPollSchema.safeParse({ pollType: 'user_ban', targetUserId: 'u', title, description: 'x' }).success,
    ).toBe(false);
  });

  it('takes a yes or a no only', () => {
    expect(castVoteSchema.safeParse({ pollId: SERVICE, vote: 'yes' }).success).toBe(true);
    expect(castVoteSchema.safeParse({ pollId: SERVICE, vote: 'maybe' }).success).toBe(false);
  });

  it('defaults the title from the subject, within the limit', () => {
    expect(defaultPollTitle('service_deletion', 'Algebra tutoring')).toBe('Remove service: Algebra tutoring');
    expect(defaultPollTitle('user_ban', 'Sam Lee')).toBe('Ban user: Sam Lee');
    expect([...defaultPollTitle('user_ban', '😀'.repeat(500))].length).toBe(POLL_LIMITS.titleMax);
  });
});

describe('report inputs', () => {
  it('needs a reason from the list and a description', () => {
    expect(
      reportServiceSchema.safeParse({ serviceId: SERVICE, reason: 'Spam or scam', description: 'Fake' }).success,
    ).toBe(true);
    const badReason = reportServiceSchema.safeParse({ serviceId: SERVICE, reason: 'Because', description: 'x' });
    expect(badReason.error?.issues[0]?.message).toBe(REPORT_MESSAGES.reasonRequired);
    const blank = reportServiceSchema.safeParse({ serviceId: SERVICE, reason: 'Other', description: ' \n ' });
    expect(blank.error?.issues[0]?.message).toBe(REPORT_MESSAGES.descriptionRequired);
  });
});

describe('who may vote', () => {
  const started = '2026-11-20T12:00:00.000Z';
  const before = '2026-01-01T00:00:00.000Z';
  const removal = {
    pollType: 'service_deletion',
    serviceOwnerId: 'owner',
    targetUserId: null,
    createdAt: started,
  } as const;
  const ban = { pollType: 'user_ban', serviceOwnerId: null, targetUserId: 'target', createdAt: started } as const;

  it('any member whose account existed when the poll started', () => {
    expect(voteRefusal(removal, { id: 'member', createdAt: before })).toBeNull();
    expect(voteRefusal(ban, { id: 'owner', createdAt: before })).toBeNull();
  });

  it('never the poll’s subject, nor an account made at or after its start', () => {
    expect(voteRefusal(removal, { id: 'owner', createdAt: before })).toBe(POLL_MESSAGES.ownServiceVote);
    expect(voteRefusal(ban, { id: 'target', createdAt: before })).toBe(POLL_MESSAGES.selfVote);
    expect(voteRefusal(removal, { id: 'fresh', createdAt: started })).toBe(POLL_MESSAGES.accountTooNew);
    expect(voteRefusal(ban, { id: 'fresh', createdAt: '2026-11-21T00:00:00.000Z' })).toBe(POLL_MESSAGES.accountTooNew);
  });

  it('an account made one millisecond before the start may vote; Date and ISO string read the same', () => {
    const justBefore = new Date(Date.parse(started) - 1);
    expect(voteRefusal(removal, { id: 'member', createdAt: justBefore })).toBeNull();
    expect(
      voteRefusal({ ...removal, createdAt: new Date(started) }, { id: 'member', createdAt: justBefore }),
    ).toBeNull();
    expect(voteRefusal({ ...ban, createdAt: new Date(started) }, { id: 'fresh', createdAt: new Date(started) })).toBe(
      POLL_MESSAGES.accountTooNew,
    );
  });

  it('each subject only on its own kind of poll: a ban poll’s target may vote on a service removal, and back', () => {
    expect(voteRefusal({ ...removal, targetUserId: 'target' }, { id: 'target', createdAt: before })).toBeNull();
    expect(voteRefusal({ ...ban, serviceOwnerId: 'owner' }, { id: 'owner', createdAt: before })).toBeNull();
  });

  it('a removal poll whose service is gone (no owner) refuses nobody for ownership', () => {
    expect(voteRefusal({ ...removal, serviceOwnerId: null }, { id: 'owner', createdAt: before })).toBeNull();
  });

  it('the subject hears that first, even with an account newer than the poll', () => {
    expect(voteRefusal(removal, { id: 'owner', createdAt: started })).toBe(POLL_MESSAGES.ownServiceVote);
    expect(voteRefusal(ban, { id: 'target', createdAt: started })).toBe(POLL_MESSAGES.selfVote);
  });

  it('no account at all (deleted meanwhile) may not vote', () => {
    expect(voteRefusal(removal, null)).toBe(POLL_MESSAGES.accountTooNew);
    expect(voteRefusal(ban, null)).toBe(POLL_MESSAGES.accountTooNew);
  });

  it('the refusals are the product’s words', () => {
    expect(POLL_MESSAGES.ownServiceVote).toBe('You cannot vote on a poll about your own service');
    expect(POLL_MESSAGES.selfVote).toBe('You cannot vote on a poll about yourself');
    expect(POLL_MESSAGES.accountTooNew).toBe('Only accounts that existed when this poll started can vote on it');
  });
});

describe('the subject of a ban poll', () => {
  it('is named by first name and last initial only', () => {
    expect(banSubjectName({ firstName: 'Tess', lastName: 'Target' })).toBe('Tess T.');
    expect(banSubjectName({ firstName: ' Tess ', lastName: ' émile' })).toBe('Tess É.');
    expect(banSubjectName({ firstName: 'Tess', lastName: null })).toBe('Tess');
    expect(banSubjectName({ firstName: null, lastName: 'Target' })).toBe('T.');
    expect(banSubjectName({})).toBe('Unknown User');
  });

  it('is never an admin, nor the admin starting it', () => {
    expect(banTargetRefusal({ id: 'a', isAdmin: false }, { id: 'admin' })).toBeNull();
    expect(banTargetRefusal({ id: 'b', isAdmin: true }, { id: 'admin' })).toBe(POLL_MESSAGES.cannotTargetAdmin);
    expect(banTargetRefusal({ id: 'admin', isAdmin: true }, { id: 'admin' })).toBe(POLL_MESSAGES.cannotTargetSelf);
  });
});
