import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adminFeedbackOrder,
  canSubmitFeedback,
  compareFeedback,
  compareResolvedFeedback,
  FEEDBACK_CATEGORIES,
  FEEDBACK_LIMITS,
  FEEDBACK_MESSAGES,
  feedbackResponseSchema,
  feedbackSchema,
  feedbackStatus,
  responsePreview,
  truncateFeedbackTitle,
} from './feedback';

const valid = { title: 'Slow map', category: 'Performance', message: 'The map takes ages.' };
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('the Submit Feedback form', () => {
  it('takes the five categories of the spec, in its order', () => {
    expect(FEEDBACK_CATEGORIES).toEqual(['Bug Report', 'Feature Request', 'General', 'UI/UX', 'Performance']);
    for (const category of FEEDBACK_CATEGORIES)
      expect(feedbackSchema.safeParse({ ...valid, category }).success).toBe(true);
  });

  it('says "Please fill in all fields" for any missing or blank field', () => {
    for (const input of [
      { ...valid, title: '' },
      { ...valid, title: '   ' },
      { ...valid, message: '\n' },
      { ...valid, category: '' },
      { title: 'Only a title' },
      {},
    ]) {
      expect(firstMessage(feedbackSchema.safeParse(input))).toBe(FEEDBACK_MESSAGES.fillAllFields);
    }
  });

  it('trims the fields and bounds them', () => {
    expect(feedbackSchema.parse({ ...valid, title: '  Slow map  ' }).title).toBe('Slow map');
    expect(feedbackSchema.safeParse({ ...valid, title: 'x'.repeat(FEEDBACK_LIMITS.titleMax) }).success).toBe(true);
    expect(firstMessage(feedbackSchema.safeParse({ ...valid, title: 'x'.repeat(FEEDBACK_LIMITS.titleMax + 1) }))).toBe(
      FEEDBACK_MESSAGES.titleTooLong,
    );
    expect(
      firstMessage(feedbackSchema.safeParse({ ...valid, message: 'x'.repeat(FEEDBACK_LIMITS.messageMax + 1) })),
    ).toBe(FEEDBACK_MESSAGES.messageTooLong);
  });
});

describe('an admin response', () => {
  it('must not be blank: "Please enter a response"', () => {
    for (const response of ['', '  ', '\n\t']) {
      expect(firstMessage(feedbackResponseSchema.safeParse({ response }))).toBe(FEEDBACK_MESSAGES.enterResponse);
    }
    expect(feedbackResponseSchema.parse({ response: ' Done ' }).response).toBe('Done');
    expect(feedbackResponseSchema.safeParse({ response: 'x'.repeat(FEEDBACK_LIMITS.responseMax + 1) }).success).toBe(
      false,
    );
  });
});

describe('truncation', () => {
  it('keeps titles of up to 25 characters and cuts longer ones, with an ellipsis', () => {
    expect(truncateFeedbackTitle('x'.repeat(25))).toEqual({ text: 'x'.repeat(25), truncated: false });
    expect(truncateFeedbackTitle('x'.repeat(26))).toEqual({ text: `${'x'.repeat(25)}...`, truncated: true });
  });

  it('never cuts an emoji in half', () => {
    const title = `${'a'.repeat(24)}😀😀`;
    expect(truncateFeedbackTitle(title).text).toBe(`${'a'.repeat(24)}😀...`);
  });

  it('previews a response at 50 characters, none when there is no response', () => {
    expect(responsePreview(null)).toBeNull();
    expect(responsePreview('short')).toBe('short');
    expect(responsePreview('y'.repeat(60))).toBe(`${'y'.repeat(50)}...`);
  });
});

describe('status and order', () => {
  it('is Pending until resolved, then Resolved', () => {
    expect(feedbackStatus({ resolvedAt: null })).toBe('Pending');
    expect(feedbackStatus({ resolvedAt: '2024-01-01T00:00:00.000Z' })).toBe('Resolved');
  });

  it('puts unresolved first, newest first, then resolved by resolution time (a total order)', () => {
    const item = fc.record({
      id: fc.uuid(),
      createdAt: fc.integer({ min: 0, max: 1e12 }).map((n) => new Date(n).toISOString()),
      resolvedAt: fc.option(
        fc.integer({ min: 0, max: 1e12 }).map((n) => new Date(n).toISOString()),
        { nil: null },
      ),
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), (items) => {
        const sorted = [...items].sort(compareFeedback);
        const firstResolved = sorted.findIndex((i) => i.resolvedAt !== null);
        if (firstResolved >= 0) expect(sorted.slice(firstResolved).every((i) => i.resolvedAt !== null)).toBe(true);
        for (let k = 1; k < sorted.length; k += 1) {
          const [a, b] = [sorted[k - 1]!, sorted[k]!];
          if (a.resolvedAt === null && b.resolvedAt === null) expect(a.createdAt >= b.createdAt).toBe(true);
          if (a.resolvedAt !== null && b.resolvedAt !== null) expect(a.resolvedAt <= b.resolvedAt).toBe(true);
        }
        expect([...items].reverse().sort(compareFeedback)).toEqual(sorted);
      }),
    );
  });
});

describe('the admins’ Resolved table', () => {
  it('lists the newest resolution first (a total order), and Unresolved as every list', () => {
    const item = fc.record({
      id: fc.uuid(),
      createdAt: fc.integer({ min: 0, max: 1e12 }).map((n) => new Date(n).toISOString()),
      resolvedAt: fc.integer({ min: 0, max: 1e12 }).map((n) => new Date(n).toISOString()),
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), (items) => {
        const sorted = [...items].sort(compareResolvedFeedback);
        for (let k = 1; k < sorted.length; k += 1)
          expect(sorted[k - 1]!.resolvedAt >= sorted[k]!.resolvedAt).toBe(true);
        expect([...items].reverse().sort(compareResolvedFeedback)).toEqual(sorted);
      }),
    );
    expect(adminFeedbackOrder('resolved')).toBe(compareResolvedFeedback);
    expect(adminFeedbackOrder('unresolved')).toBe(compareFeedback);
  });
});

describe('open items per member', () => {
  it(`allows up to ${FEEDBACK_LIMITS.openPerMember} unresolved items, not one more, and says so`, () => {
    expect(canSubmitFeedback(0)).toBe(true);
    expect(canSubmitFeedback(FEEDBACK_LIMITS.openPerMember - 1)).toBe(true);
    expect(canSubmitFeedback(FEEDBACK_LIMITS.openPerMember)).toBe(false);
    expect(FEEDBACK_MESSAGES.tooManyOpen).toContain(String(FEEDBACK_LIMITS.openPerMember));
  });
});
