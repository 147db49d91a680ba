import { describe, expect, it } from 'vitest';
import {
  applyAdminEvent,
  applyPollStarted,
  type AdminServiceCard,
  type AdminServicesData,
} from './admin-services-cache';

const card = (id: string, createdAt: string, reportCount = 0): AdminServiceCard => ({
  id,
  title: `Service ${id}`,
  ownerId: 'owner',
  ownerName: 'Olive O.',
  category: null,
  priceCents: 1000,
  pricingType: 'fixed',
  imageUrl: null,
  reportCount,
  activePollId: null,
  hasActivePoll: false,
  hiddenAt: null,
  pendingPollId: null,
  createdAt,
});

/** Two loaded pages: one flagged card, then the rest newest first. */
const data = (): AdminServicesData => ({
  pageParams: [null, { phase: 'rest', createdAt: '2026-11-20T00:00:00.000Z', id: 'c' }],
  pages: [
    {
      items: [
        card('a', '2026-11-10T00:00:00.000Z', 2),
        card('b', '2026-11-21T00:00:00.000Z'),
        card('c', '2026-11-20T00:00:00.000Z'),
      ],
      nextCursor: { phase: 'rest', createdAt: '2026-11-20T00:00:00.000Z', id: 'c' },
    },
    { items: [card('d', '2026-11-19T00:00:00.000Z'), card('e', '2026-11-18T00:00:00.000Z')], nextCursor: null },
  ],
});
const ids = (d: AdminServicesData) => d.pages.map((p) => p.items.map((c) => c.id));
const report = (serviceId: string, reportCount: number) =>
  ({
    type: 'report-submitted',
    serviceId,
    reportCount,
    report: { id: 'r', serviceId, reason: 'Other', description: '', reporterName: 'Rita S.', createdAt: '' },
  }) as const;

describe('/admin-services follows live events in its cache', () => {
  it('a report moves a loaded card up to its place among the flagged, keeping page sizes and cursors', () => {
    const next = applyAdminEvent(data(), report('e', 3))!;
    expect(ids(next)).toEqual([
      ['e', 'a', 'b'],
      ['c', 'd'],
    ]);
    expect(next.pages[0]!.items[0]!.reportCount).toBe(3);
    expect(next.pages[0]!.nextCursor).toEqual(data().pages[0]!.nextCursor);
  });

  it('an older count never lowers a newer one; a report on a card not loaded asks for a read', () => {
    expect(applyAdminEvent(data(), report('a', 1))!.pages[0]!.items[0]!.reportCount).toBe(2);
    expect(applyAdminEvent(data(), report('zzz', 1))).toBeNull();
  });

  it('a deleted service leaves; a restored one loses its Hidden state and pending poll', () => {
    expect(ids(applyAdminEvent(data(), { type: 'service-removed', serviceId: 'b' })!)).toEqual([
      ['a', 'c', 'd'],
      ['e'],
    ]);
    const hidden = data();
    hidden.pages[1]!.items[0] = { ...card('d', '2026-11-19T00:00:00.000Z'), hiddenAt: 'x', pendingPollId: 'p' };
    const restored = applyAdminEvent(hidden, { type: 'service-restored', serviceId: 'd' })!;
    expect(restored.pages[1]!.items[0]).toMatchObject({ hiddenAt: null, pendingPollId: null });
  });

  it("a poll's start disables Poll; its passing hides the card and marks it pending", () => {
    const started = applyPollStarted(data(), 'c', 'poll-1');
    expect(started.pages[0]!.items[2]).toMatchObject({ activePollId: 'poll-1', hasActivePoll: true });
    const passed = applyAdminEvent(started, {
      type: 'poll-outcome',
      pollId: 'poll-1',
      pollType: 'service_deletion',
      serviceId: 'c',
      targetUserId: null,
      outcome: 'passed',
      yes: 5,
      no: 0,
      closedAt: '2026-11-27T00:00:00.000Z',
    })!;
    expect(passed.pages[0]!.items[2]).toMatchObject({
      hasActivePoll: false,
      activePollId: null,
      hiddenAt: '2026-11-27T00:00:00.000Z',
      pendingPollId: 'poll-1',
    });
    const reviewed = applyAdminEvent(passed, { type: 'poll-reviewed', pollId: 'poll-1' })!;
    expect(reviewed.pages[0]!.items[2]!.pendingPollId).toBeNull();
  });

  const outcome = (pollId: string, serviceId = 'c') =>
    ({
      type: 'poll-outcome',
      pollId,
      pollType: 'service_deletion',
      serviceId,
      targetUserId: null,
      outcome: 'passed',
      yes: 5,
      no: 0,
      closedAt: '2026-11-27T00:00:00.000Z',
    }) as const;

  it("another admin's poll start disables Poll on the card", () => {
    const started = applyAdminEvent(data(), {
      type: 'poll-started',
      pollId: 'poll-2',
      pollType: 'service_deletion',
      serviceId: 'd',
      targetUserId: null,
    })!;
    expect(started.pages[1]!.items[0]).toMatchObject({ id: 'd', activePollId: 'poll-2', hasActivePoll: true });
    // A ban poll names no service: nothing to change.
    const ban = {
      type: 'poll-started',
      pollId: 'p',
      pollType: 'user_ban',
      serviceId: null,
      targetUserId: 'u',
    } as const;
    expect(applyAdminEvent(data(), ban)).toEqual(data());
  });

  it('an outcome is matched on its service, even when the card never heard of the poll, but not over a newer poll', () => {
    // The card was loaded before the poll started and its start was missed: the outcome still hides it.
    const unknown = applyAdminEvent(data(), outcome('poll-3'))!;
    expect(unknown.pages[0]!.items[2]).toMatchObject({ id: 'c', hiddenAt: '2026-11-27T00:00:00.000Z' });
    expect(unknown.pages[0]!.items[2]!.pendingPollId).toBe('poll-3');
    // A newer poll is already running on the card: an older poll's outcome changes nothing.
    const newer = applyPollStarted(data(), 'c', 'poll-5');
    expect(applyAdminEvent(newer, outcome('poll-4'))).toEqual(newer);
  });
});
