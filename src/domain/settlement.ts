import { AUTO_CONFIRM_DAYS, DISPUTE_WINDOW_DAYS, type Party } from './deal';
import { REFUSALS, type RefusalCode } from './refusals';
import { z } from 'zod';
import { feeBreakdown } from './payments';

/**
 * What happens to a client's money after it is paid (DESIGN.md "Payments"): the platform holds it until the client
 * accepts the work (or 3 days pass after completion without a dispute), then transfers the provider's share once.
 * A dispute freezes the transfer until an admin resolves it; before work starts the client may cancel for a refund.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SettlementState {
  amountCents: number;
  paidAt: Date | null;
  serviceStarted: boolean;
  serviceCompleted: boolean;
  completedAt: Date | null;
  acceptedAt: Date | null;
  cancelledAt: Date | null;
  disputeOpen: boolean;
  /** The provider's transfer has been made (or is on its way): disputes are closed; only an admin refund reverses it. */
  transferred: boolean;
  /** The transfer is being sent or failed and awaits a retry: its outcome at the provider is not known yet. */
  payoutInFlight: boolean;
  refundedCents: number;
}

export type SettlementAction = 'confirm' | 'dispute' | 'cancel';
export type AdminResolution = 'release' | 'refund' | 'partial';

export const SETTLEMENT_MESSAGES = {
  confirmed: 'Completion confirmed. The provider will be paid.',
  disputed: 'Dispute opened. An admin will review it.',
  cancelled: 'Service cancelled. Your payment was refunded.',
  refunded: 'Payment refunded',
  resolved: 'Dispute resolved',
  reasonRequired: 'Please choose a reason',
  descriptionLength: 'Please describe the problem in 10 to 1000 characters',
  partialAmount: REFUSALS.PARTIAL_REFUND_AMOUNT,
  confirmFailed: 'Failed to confirm completion',
  disputeFailed: 'Failed to open dispute',
  cancelFailed: 'Failed to cancel the service',
} as const;

/** held (account not Ready), pending (being sent), paid (Stripe accepted it), failed (will be retried). */
export const TRANSFER_STATUSES = ['held', 'pending', 'paid', 'failed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
/** Open until an admin releases the payment, refunds it, or refunds part of it. */
export const DISPUTE_STATUSES = ['open', 'released', 'refunded', 'partially_refunded'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
/** Opened by the client in the app, or reported by the card network (charge.dispute.created). */
export const DISPUTE_SOURCES = ['client', 'card_network'] as const;

export const DISPUTE_REASONS = [
  'Service not delivered',
  'Not as described',
  'Quality problem',
  'Charged incorrectly',
  'Other',
] as const;

export const disputeSchema = z.object({
  reason: z.enum(DISPUTE_REASONS, { error: SETTLEMENT_MESSAGES.reasonRequired }),
  description: z
    .string()
    .trim()
    .min(10, { error: SETTLEMENT_MESSAGES.descriptionLength })
    .max(1000, { error: SETTLEMENT_MESSAGES.descriptionLength }),
});

const paid = (s: SettlementState) => s.paidAt !== null;

/** Why this party may not take the action now, or null when it may. */
export function settlementRefusal(
  state: SettlementState,
  party: Party,
  action: SettlementAction,
  now: Date,
): RefusalCode | null {
  if (party !== 'client') return 'ONLY_CLIENT_SETTLES';
  if (!paid(state)) return 'NOT_PAID';
  if (state.cancelledAt) return 'SERVICE_CANCELLED';
  switch (action) {
    case 'confirm':
      if (!state.serviceCompleted) return 'NOT_COMPLETED_YET';
      if (state.acceptedAt) return 'COMPLETION_ALREADY_CONFIRMED';
      return state.disputeOpen ? 'DISPUTE_OPEN' : null;
    case 'dispute':
      if (state.disputeOpen) return 'DISPUTE_ALREADY_OPEN';
      if (state.transferred) return 'PROVIDER_ALREADY_PAID';
      if (now.getTime() > state.paidAt!.getTime() + DISPUTE_WINDOW_DAYS * DAY_MS) return 'DISPUTE_WINDOW_CLOSED';
      return null;
    case 'cancel':
      if (state.serviceStarted) return 'ALREADY_STARTED';
      return state.disputeOpen ? 'DISPUTE_OPEN' : null;
  }
}

export function allowedSettlementActions(state: SettlementState, party: Party, now: Date): SettlementAction[] {
  return (['confirm', 'dispute', 'cancel'] as const).filter((a) => settlementRefusal(state, party, a, now) === null);
}

/** When a completed service is accepted without the client's word. */
export function autoConfirmAt(completedAt: Date): Date {
  return new Date(completedAt.getTime() + AUTO_CONFIRM_DAYS * DAY_MS);
}

export function isAutoConfirmDue(state: SettlementState, now: Date): boolean {
  return (
    paid(state) &&
    state.serviceCompleted &&
    state.completedAt !== null &&
    !state.acceptedAt &&
    !state.cancelledAt &&
    !state.disputeOpen &&
    now.getTime() >= autoConfirmAt(state.completedAt).getTime()
  );
}

/** The provider's share of what the client finally paid: refunds come off first, then the 10% fee. */
export function payoutCents(amountCents: number, refundedCents: number): number {
  return feeBreakdown(Math.max(0, amountCents - refundedCents)).providerAmountCents;
}

/** An admin refund after the payout takes the provider's transfer back first. */
export function reversalNeeded(state: SettlementState): boolean {
  return state.transferred && !state.payoutInFlight;
}

/** Whether the transfer is owed now (held or not: the provider's account readiness is checked where it is known). */
export function transferDue(state: SettlementState): boolean {
  return (
    paid(state) &&
    state.acceptedAt !== null &&
    !state.disputeOpen &&
    !state.transferred &&
    !state.cancelledAt &&
    payoutCents(state.amountCents, state.refundedCents) > 0
  );
}

/**
 * What an admin may do: refund at any time after payment (a payout already made is reversed from the provider's
 * account, as marketplaces do on a chargeback), except while a transfer's outcome is unknown; resolve only an open
 * dispute, which by construction is before any payout.
 */
export function adminRefusal(
  state: SettlementState,
  action: 'refund' | AdminResolution,
  refundCents = 0,
): RefusalCode | null {
  if (!paid(state)) return 'NOT_PAID';
  if (state.cancelledAt) return 'SERVICE_CANCELLED';
  if (state.payoutInFlight) return 'PAYOUT_IN_FLIGHT';
  if (action === 'refund') return null;
  if (state.transferred) return 'PROVIDER_ALREADY_PAID';
  if (!state.disputeOpen) return 'NO_OPEN_DISPUTE';
  if (action === 'partial') {
    const left = state.amountCents - state.refundedCents;
    if (!Number.isInteger(refundCents) || refundCents <= 0 || refundCents >= left) {
      return 'PARTIAL_REFUND_AMOUNT';
    }
  }
  return null;
}

export type SettlementLabel =
  'unpaid' | 'held' | 'awaiting_confirmation' | 'disputed' | 'releasing' | 'transferred' | 'cancelled' | 'refunded';

export const SETTLEMENT_LABELS: Record<SettlementLabel, string> = {
  unpaid: 'Not paid yet',
  held: 'Payment held until the work is accepted',
  awaiting_confirmation: 'Waiting for the client to confirm completion',
  disputed: 'Disputed: the payout is frozen until an admin resolves it',
  releasing: "Accepted: the payout is waiting for the provider's payout account",
  transferred: 'Paid out to the provider',
  cancelled: 'Cancelled and refunded',
  refunded: 'Refunded to the client',
};

export function settlementLabel(state: SettlementState): SettlementLabel {
  if (!paid(state)) return 'unpaid';
  if (state.cancelledAt) return state.serviceStarted ? 'refunded' : 'cancelled';
  if (state.transferred) return 'transferred';
  if (state.disputeOpen) return 'disputed';
  if (state.acceptedAt) return 'releasing';
  return state.serviceCompleted ? 'awaiting_confirmation' : 'held';
}
