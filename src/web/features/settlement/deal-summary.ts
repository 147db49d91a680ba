import { formatPrice } from '../../../domain/money';
import type { Party } from '../../../domain/deal';
import type { NegotiationState, ProgressStatus } from '../../../domain/negotiation';
import type { SettlementLabel, TransferStatus } from '../../../domain/settlement';

/** The payment's state in a chat header, beside the progress badge. */
export type PaymentBadge = 'PAID' | 'HELD' | 'REFUNDED' | 'IN DISPUTE';

/** What the server's payment history says, when it has been read (it is only read once the conversation is paid). */
export interface PaymentFacts {
  label: SettlementLabel;
  amountCents: number | null;
  refundedCents: number;
  /** The provider's transfer, once one exists: pending or failed means the payout has not landed yet. */
  transfer?: { status: TransferStatus } | null;
}

export interface DealSummary {
  /** One line, e.g. "Paid $20.00 · held until you confirm". */
  line: string;
  payment: PaymentBadge | null;
  /** A price one side proposed and the other has not answered yet, e.g. "$20.00 proposed". */
  proposed: string | null;
}

const BADGES: Record<SettlementLabel, PaymentBadge | null> = {
  unpaid: null,
  held: 'HELD',
  awaiting_confirmation: 'HELD',
  disputed: 'IN DISPUTE',
  releasing: 'PAID',
  transferred: 'PAID',
  cancelled: 'REFUNDED',
  refunded: 'REFUNDED',
};

/** Where the paid money is, in the viewer's words: the client confirms, the provider waits for the client. */
function whereTheMoneyIs(label: SettlementLabel, party: Party, transfer: PaymentFacts['transfer']): string | null {
  const client = party === 'client';
  // Sent or being retried, not yet in the provider's account: never "paid out" before it is.
  const payoutOnItsWay = transfer?.status === 'pending' || transfer?.status === 'failed';
  switch (label) {
    case 'held':
    case 'awaiting_confirmation':
      return client ? 'held until you confirm' : 'held until the client confirms';
    case 'disputed':
      return 'in dispute';
    case 'releasing':
      return client ? 'accepted · payout pending' : 'released · waiting for your payout account';
    case 'transferred':
      if (payoutOnItsWay) return client ? 'accepted · payout pending' : 'payout on its way';
      return client ? 'released to the provider' : 'paid out to you';
    case 'cancelled':
      return 'cancelled';
    case 'unpaid':
    case 'refunded':
      return null;
  }
}

/**
 * Whether the header shows the progress badge beside the payment's: a deal cancelled and refunded before any work
 * reads REFUNDED alone (PROPOSAL beside it read as still open).
 */
export function showsProgressBadge(status: ProgressStatus, payment: PaymentBadge | null): boolean {
  return !(payment === 'REFUNDED' && status === 'proposal');
}

/** The pending proposal, priced as proposed: "$20.00 proposed", "$15.00/hr proposed". */
function pendingProposal(state: NegotiationState): string | null {
  const p = state.latestProposal;
  if (state.finalPriceCents !== null || !p || p.rejected) return null;
  return `${formatPrice(p.priceCents, p.pricingType)} proposed`;
}

/**
 * A conversation's deal in one line, with the header's payment badge and pending proposal, derived from the
 * negotiation state (always known) and, once paid, the payment history (read a moment later: until then the line
 * says only what the state knows, and the badge waits rather than show a state that would change).
 */
export function dealSummary(state: NegotiationState, party: Party, payment: PaymentFacts | undefined): DealSummary {
  const proposed = pendingProposal(state);
  const join = (...parts: (string | null)[]) => parts.filter(Boolean).join(' · ');
  if (!state.paymentCompleted) {
    if (state.finalPriceCents !== null) {
      const agreed = `Agreed ${formatPrice(state.finalPriceCents, state.finalPricingType ?? 'fixed')}`;
      return {
        line: join(agreed, party === 'client' ? 'awaiting your payment' : 'awaiting payment'),
        payment: null,
        proposed,
      };
    }
    if (proposed) {
      const mine = state.latestProposal!.by === party;
      return {
        line: join(proposed, mine ? 'waiting for an answer' : 'waiting for your answer'),
        payment: null,
        proposed,
      };
    }
    return { line: 'Price not agreed yet', payment: null, proposed };
  }
  const amountCents = payment?.amountCents ?? state.finalPriceCents ?? 0;
  const amount = formatPrice(amountCents);
  if (!payment) {
    return {
      line: state.cancelled ? `Refunded ${amount}` : `Paid ${amount}`,
      payment: state.cancelled ? 'REFUNDED' : null,
      proposed,
    };
  }
  const fullyRefunded = payment.label === 'refunded' || payment.label === 'cancelled';
  const partlyRefunded = !fullyRefunded && payment.refundedCents > 0;
  return {
    line: join(
      fullyRefunded ? `Refunded ${formatPrice(payment.refundedCents || amountCents)}` : `Paid ${amount}`,
      whereTheMoneyIs(payment.label, party, payment.transfer),
      partlyRefunded ? `${formatPrice(payment.refundedCents)} refunded` : null,
    ),
    payment: BADGES[payment.label],
    proposed,
  };
}
