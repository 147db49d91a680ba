import { refusalText } from './refusals';
import { describe, expect, it } from 'vitest';
import {
  adminRefusal,
  allowedSettlementActions,
  isAutoConfirmDue,
  payoutCents,
  settlementLabel,
  settlementRefusal,
  reversalNeeded,
  transferDue,
  type SettlementState,
} from './settlement';

const now = new Date('2026-11-23T12:00:00Z');
const day = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(now.getTime() - days * day);
const paid: SettlementState = {
  amountCents: 10_000,
  paidAt: ago(1),
  serviceStarted: false,
  serviceCompleted: false,
  completedAt: null,
  acceptedAt: null,
  cancelledAt: null,
  disputeOpen: false,
  transferred: false,
  payoutInFlight: false,
  refundedCents: 0,
};
const completed = { ...paid, serviceStarted: true, serviceCompleted: true, completedAt: ago(0.5) };

describe('what the client may do with a paid service', () => {
  const table: [string, SettlementState, string[], string][] = [
    ['unpaid', { ...paid, paidAt: null }, [], 'unpaid'],
    ['paid, not started', paid, ['dispute', 'cancel'], 'held'],
    ['in progress', { ...paid, serviceStarted: true }, ['dispute'], 'held'],
    ['completed', completed, ['confirm', 'dispute'], 'awaiting_confirmation'],
    ['disputed', { ...completed, disputeOpen: true }, [], 'disputed'],
    ['accepted, payout held', { ...completed, acceptedAt: ago(0.1) }, ['dispute'], 'releasing'],
    ['paid out', { ...completed, acceptedAt: ago(0.1), transferred: true }, [], 'transferred'],
    ['cancelled', { ...paid, cancelledAt: ago(0.2) }, [], 'cancelled'],
    ['past the 30-day window', { ...paid, paidAt: ago(31), serviceStarted: true }, [], 'held'],
  ];
  it.each(table)('%s', (_name, state, client, label) => {
    expect(allowedSettlementActions(state, 'client', now)).toEqual(client);
    expect(allowedSettlementActions(state, 'provider', now)).toEqual([]);
    expect(settlementLabel(state)).toBe(label);
  });
});

describe('auto-confirmation and payout', () => {
  it('is due exactly 3 days after completion, never while disputed or cancelled', () => {
    const done = { ...completed, completedAt: ago(3) };
    expect(isAutoConfirmDue({ ...completed, completedAt: new Date(now.getTime() - 3 * day + 1) }, now)).toBe(false);
    expect(isAutoConfirmDue(done, now)).toBe(true);
    expect(isAutoConfirmDue({ ...done, disputeOpen: true }, now)).toBe(false);
    expect(isAutoConfirmDue({ ...done, cancelledAt: ago(1) }, now)).toBe(false);
    expect(isAutoConfirmDue({ ...done, acceptedAt: ago(1) }, now)).toBe(false);
  });

  it('the provider gets 90% of what the client finally paid', () => {
    expect(payoutCents(10_000, 0)).toBe(9000);
    expect(payoutCents(10_000, 4000)).toBe(5400);
    expect(payoutCents(10_000, 10_000)).toBe(0);
    expect(transferDue({ ...completed, acceptedAt: ago(0) })).toBe(true);
    expect(transferDue({ ...completed, acceptedAt: ago(0), disputeOpen: true })).toBe(false);
    expect(transferDue({ ...completed, acceptedAt: ago(0), transferred: true })).toBe(false);
    expect(transferDue(completed)).toBe(false);
  });
});

describe('admin decisions', () => {
  it('refunds before or after the payout, not while it is in flight; resolves only open disputes', () => {
    expect(refusalText(adminRefusal(paid, 'refund'))).toBeNull();
    expect(reversalNeeded(paid)).toBe(false);
    const paidOut = { ...completed, acceptedAt: ago(0.1), transferred: true };
    expect(refusalText(adminRefusal(paidOut, 'refund'))).toBeNull();
    expect(reversalNeeded(paidOut)).toBe(true);
    expect(refusalText(adminRefusal(paidOut, 'release'))).toBe('The provider has already been paid');
    expect(refusalText(adminRefusal({ ...paidOut, payoutInFlight: true }, 'refund'))).toBe(
      'The payout is being sent; try again in a few minutes',
    );
    expect(refusalText(adminRefusal({ ...paidOut, cancelledAt: ago(0) }, 'refund'))).toBe('The service was cancelled');
    expect(refusalText(adminRefusal(paid, 'release'))).toBe('There is no open dispute');
    const disputed = { ...completed, disputeOpen: true };
    expect(refusalText(adminRefusal(disputed, 'release'))).toBeNull();
    expect(refusalText(adminRefusal(disputed, 'partial', 1))).toBeNull();
    expect(refusalText(adminRefusal(disputed, 'partial', 9999))).toBeNull();
    expect(refusalText(adminRefusal(disputed, 'partial', 10_000))).not.toBeNull();
    expect(refusalText(adminRefusal(disputed, 'partial', 0))).not.toBeNull();
  });

  it('the provider is never the one who confirms, disputes or cancels', () => {
    for (const action of ['confirm', 'dispute', 'cancel'] as const) {
      expect(refusalText(settlementRefusal(completed, 'provider', action, now))).toBe('Only the client can do that');
    }
  });
});
