import { describe, expect, it } from 'vitest';
import type { NegotiationState } from '../../../domain/negotiation';
import {
  isSettlementNotice,
  keepEarlierPages,
  withEarlierMessages,
  withInboxEvent,
  withMessage,
  withRead,
  withState,
  withUnreadTotal,
  type ChatMessage,
  type ConversationDetails,
  type ConversationSummary,
} from './conversations-cache';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();
const message = (id: string, minute: number, extra: Partial<ChatMessage> = {}) =>
  ({ id, createdAt: at(minute), senderId: 'them', kind: 'text', isRead: false, ...extra }) as ChatMessage;
const opened: NegotiationState = {
  listingPriceCents: 2500,
  listingPricingType: 'fixed',
  latestProposal: null,
  finalPriceCents: null,
  finalPricingType: null,
  paymentCompleted: false,
  serviceStarted: false,
  serviceCompleted: false,
};
const ids = (list: readonly ChatMessage[]) => list.map((m) => m.id);

describe('withMessage', () => {
  it('adds a message once, whichever of the send answer and the live event comes second', () => {
    const once = withMessage([message('a', 0)], message('b', 1));
    expect(ids(once)).toEqual(['a', 'b']);
    expect(withMessage(once, message('b', 1))).toBe(once);
  });
});

describe('withRead', () => {
  it('marks the messages the other party read, and only those', () => {
    const next = withRead([message('a', 0), message('b', 1)], ['a']);
    expect(next.map((m) => m.isRead)).toEqual([true, false]);
  });
});

describe('withEarlierMessages', () => {
  it('puts an earlier page in front, each message once', () => {
    expect(ids(withEarlierMessages([message('c', 2)], [message('a', 0), message('c', 2)]))).toEqual(['a', 'c']);
  });
});

describe('keepEarlierPages', () => {
  const held = [message('a', 0), message('b', 1), message('c', 2)];
  it('keeps the earlier pages loaded when the newest page is read again', () => {
    expect(ids(keepEarlierPages(held, [message('b', 1), message('c', 2), message('d', 3)]))).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });
  it('is the written list itself for a write that holds everything (a message added, a receipt)', () => {
    const written = withRead(withMessage(held, message('d', 3)), ['a']);
    expect(keepEarlierPages(held, written)).toEqual(written);
  });
  it('is the first page as read when nothing was held', () => {
    const first = [message('a', 0)];
    expect(keepEarlierPages(undefined, first)).toBe(first);
  });
});

describe('withState', () => {
  const details = (extra: Partial<ConversationDetails> = {}) =>
    ({ party: 'client', reviewed: false, state: opened, status: 'pending', actions: [], ...extra }) as Pick<
      ConversationDetails,
      'party' | 'reviewed' | 'state' | 'status' | 'actions'
    >;
  const completed: NegotiationState = {
    ...opened,
    finalPriceCents: 2500,
    finalPricingType: 'fixed',
    paymentCompleted: true,
    serviceStarted: true,
    serviceCompleted: true,
  };
  it('offers a client the review of a completed, paid service', () => {
    expect(withState(details(), completed).actions).toContain('review');
    expect(withState(details(), completed).status).toBe('completed');
  });
  it('hides the review once the client left one', () => {
    expect(withState(details({ reviewed: true }), completed).actions).not.toContain('review');
  });
  it('offers nothing to a viewer who is not a party (an admin)', () => {
    expect(withState(details({ party: null }), completed).actions).toEqual([]);
  });
});

describe('inbox', () => {
  const summary = (id: string, minute: number, unread = 0) =>
    ({ id, updatedAt: at(minute), unread, lastMessage: null }) as unknown as ConversationSummary;
  const changed = (conversationId: string, minute: number, unreadDelta: number) =>
    ({
      type: 'changed',
      conversationId,
      updatedAt: at(minute),
      unreadDelta,
      lastMessage: { text: 'hi' },
    }) as unknown as Parameters<typeof withInboxEvent>[1];
  const read = (conversationId: string, count: number) =>
    ({ type: 'read', conversationId, count }) as unknown as Parameters<typeof withInboxEvent>[1];

  it('moves a conversation with a new message to the top, one more unread', () => {
    const next = withInboxEvent([summary('a', 5), summary('b', 1)], changed('b', 9, 1));
    expect(next?.map((c) => [c.id, c.unread])).toEqual([
      ['b', 1],
      ['a', 0],
    ]);
  });
  it('takes read messages off the unread counts, never below 0', () => {
    expect(withInboxEvent([summary('a', 5, 2)], read('a', 5))?.[0]?.unread).toBe(0);
    expect(withUnreadTotal(3, read('a', 2))).toBe(1);
    expect(withUnreadTotal(1, read('a', 4))).toBe(0);
    expect(withUnreadTotal(1, changed('a', 0, 1))).toBe(2);
  });
  it('says when the change is about a conversation the list does not hold (a new one)', () => {
    expect(withInboxEvent([summary('a', 5)], changed('new', 9, 1))).toBeNull();
  });
});

describe('isSettlementNotice', () => {
  it("names the payment's notices, not a text or a price notice", () => {
    expect(isSettlementNotice({ kind: 'payment_refunded' })).toBe(true);
    expect(isSettlementNotice({ kind: 'text' })).toBe(false);
    expect(isSettlementNotice({ kind: 'price_proposed' } as Pick<ChatMessage, 'kind'>)).toBe(false);
  });
});
