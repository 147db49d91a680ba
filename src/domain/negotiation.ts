import type { Party } from './deal';
import { REFUSALS, type RefusalCode } from './refusals';
import type { PricingType } from './services';
import type { Notice } from './messages';

/**
 * Price negotiation and service progress of a direct conversation (spec 2 section 4), as one state machine the
 * server enforces and the chat screen only mirrors. The client is participant1, the provider participant2.
 */

export interface Proposal {
  priceCents: number;
  pricingType: PricingType;
  by: Party;
  /** A rejected proposal stays on record (as the spec keeps it) but can no longer be accepted. */
  rejected: boolean;
}

export interface NegotiationState {
  /** The listing's price, when the conversation is about a service (offers on requests have none). */
  listingPriceCents: number | null;
  listingPricingType: PricingType | null;
  latestProposal: Proposal | null;
  finalPriceCents: number | null;
  finalPricingType: PricingType | null;
  paymentCompleted: boolean;
  serviceStarted: boolean;
  serviceCompleted: boolean;
  /** Cancelled for a refund, or fully refunded by an admin: nothing more happens (settlement.ts). */
  cancelled?: boolean;
}

export type NegotiationAction =
  | { type: 'propose'; priceCents: number; pricingType: PricingType }
  | { type: 'accept' }
  | { type: 'reject' }
  /** The client accepts the listing price they were shown: it must still be the listing's price. */
  | { type: 'acceptOriginal'; shown: ListingPrice }
  | { type: 'pay' }
  | { type: 'start' }
  | { type: 'complete' }
  | { type: 'review' };
export type ActionType = NegotiationAction['type'];
/** The listing price a client accepts, as their page showed it (listingPriceSchema checks it). */
export interface ListingPrice {
  priceCents: number;
  pricingType: PricingType;
}
export const ACTION_TYPES: ActionType[] = [
  'propose',
  'accept',
  'reject',
  'acceptOriginal',
  'pay',
  'start',
  'complete',
  'review',
];

export type ProgressStatus = 'proposal' | 'in_progress' | 'completed';
export const PROGRESS_BADGES: Record<ProgressStatus, string> = {
  proposal: 'PROPOSAL',
  in_progress: 'IN PROGRESS',
  completed: 'COMPLETED',
};

export function progressStatus(state: Pick<NegotiationState, 'serviceStarted' | 'serviceCompleted'>): ProgressStatus {
  if (state.serviceCompleted) return 'completed';
  if (state.serviceStarted) return 'in_progress';
  return 'proposal';
}

const other = (party: Party): Party => (party === 'client' ? 'provider' : 'client');

/** A proposal the given party may answer: made by the other side, not yet rejected, before any agreement. */
function answerable(state: NegotiationState, party: Party): boolean {
  const p = state.latestProposal;
  return state.finalPriceCents === null && p !== null && p.by === other(party) && !p.rejected;
}

/** Why an action is refused, or null when this party may take it in this state. */
export function refusal(state: NegotiationState, party: Party, type: ActionType): RefusalCode | null {
  const agreed = state.finalPriceCents !== null;
  if (state.cancelled) return 'SERVICE_CANCELLED';
  switch (type) {
    case 'propose':
      return agreed ? 'PRICE_ALREADY_AGREED' : null;
    case 'accept':
    case 'reject':
      return answerable(state, party) ? null : 'NO_PROPOSAL_TO_ANSWER';
    case 'acceptOriginal':
      if (party !== 'client') return 'ONLY_CLIENT_ACCEPTS_ORIGINAL';
      // A free listing has nothing to pay: the parties agree a price by proposal instead.
      if (!state.listingPriceCents) return 'NO_ORIGINAL_PRICE';
      return agreed ? 'PRICE_ALREADY_AGREED' : null;
    case 'pay':
      if (party !== 'client') return 'ONLY_CLIENT_PAYS';
      if (!agreed) return 'PRICE_NOT_AGREED';
      return state.paymentCompleted ? 'ALREADY_PAID' : null;
    case 'start':
      if (party !== 'provider') return 'ONLY_PROVIDER_STARTS';
      if (!state.paymentCompleted) return 'NOT_PAID_YET';
      return state.serviceStarted ? 'ALREADY_STARTED' : null;
    case 'complete':
      if (party !== 'provider') return 'ONLY_PROVIDER_COMPLETES';
      if (!state.serviceStarted) return 'NOT_STARTED';
      return state.serviceCompleted ? 'ALREADY_COMPLETED' : null;
    case 'review':
      if (party !== 'client') return 'ONLY_CLIENT_REVIEWS';
      return state.serviceCompleted ? null : 'NOT_COMPLETED_YET';
  }
}

/**
 * `refusal` for one concrete action: accepting the listing price also needs the price the client saw to be the
 * listing's price now, so a price changed after the page loaded is never agreed unseen.
 */
export function actionRefusal(state: NegotiationState, party: Party, action: NegotiationAction): RefusalCode | null {
  const reason = refusal(state, party, action.type);
  if (reason || action.type !== 'acceptOriginal') return reason;
  const changed =
    action.shown.priceCents !== state.listingPriceCents ||
    action.shown.pricingType !== (state.listingPricingType ?? 'fixed');
  return changed ? 'LISTING_PRICE_CHANGED' : null;
}

export function allowedActions(state: NegotiationState, party: Party): ActionType[] {
  return ACTION_TYPES.filter((type) => refusal(state, party, type) === null);
}

export interface Transition {
  patch: Partial<NegotiationState>;
  /** The notice the transition posts, from the acting party. */
  message: Notice;
}

/**
 * The effect of an action this party may take (check `refusal` first); pay has none here: only a verified payment
 * event changes the state, through `paymentReceived`.
 */
export function transition(state: NegotiationState, party: Party, action: NegotiationAction): Transition | null {
  switch (action.type) {
    case 'propose':
      return {
        patch: {
          latestProposal: {
            priceCents: action.priceCents,
            pricingType: action.pricingType,
            by: party,
            rejected: false,
          },
        },
        message: { kind: 'price_proposed', priceCents: action.priceCents, pricingType: action.pricingType },
      };
    case 'accept': {
      const p = state.latestProposal!;
      return {
        patch: { finalPriceCents: p.priceCents, finalPricingType: p.pricingType },
        message: { kind: 'price_accepted', priceCents: p.priceCents, pricingType: p.pricingType },
      };
    }
    case 'reject': {
      const p = state.latestProposal!;
      return {
        patch: { latestProposal: { ...p, rejected: true } },
        message: { kind: 'price_rejected', priceCents: p.priceCents, pricingType: p.pricingType },
      };
    }
    case 'acceptOriginal': {
      const pricingType = state.listingPricingType ?? 'fixed';
      return {
        patch: { finalPriceCents: state.listingPriceCents, finalPricingType: pricingType },
        message: { kind: 'original_price_accepted', priceCents: state.listingPriceCents!, pricingType },
      };
    }
    case 'start':
      return { patch: { serviceStarted: true }, message: { kind: 'service_started' } };
    case 'complete':
      return { patch: { serviceCompleted: true }, message: { kind: 'service_completed' } };
    case 'pay':
    case 'review':
      return null;
  }
}

export function paymentReceived(amountCents: number): Transition {
  return {
    patch: { paymentCompleted: true },
    message: { kind: 'payment_received', amountCents },
  };
}

export const CONVERSATION_MESSAGES = {
  loadFailed: 'Failed to load conversations. Please try again later.',
  noAccess: "You don't have access to this conversation",
  messagesFailed: 'Failed to load messages',
  detailsFailed: 'Failed to load conversation details',
  acceptFailed: 'Failed to accept proposal',
  rejectFailed: 'Failed to reject proposal',
  proposeFailed: 'Failed to send price proposal',
  acceptOriginalFailed: 'Failed to accept original price',
  statusFailed: 'Failed to update status',
  resetFailed: 'Failed to reset chat pricing',
  proposalSent: 'Price proposal sent',
  proposalAccepted: 'Price proposal accepted',
  proposalRejected: 'Price proposal rejected',
  originalAccepted: 'Original price accepted',
  started: 'Service marked as in progress',
  completed: 'Service marked as completed',
  invalidPrice: 'Please enter a valid price',
  requested: 'Service requested! You can now chat with the provider.',
  requestFailed: 'Failed to request service. Please try again.',
  /** Beyond the spec: the provider changed the price after the client's page showed it. */
  listingPriceChanged: REFUSALS.LISTING_PRICE_CHANGED,
} as const;

export const MESSAGE_MAX = 4000;
/** A chat opens with its newest messages; older ones come a page at a time on request. */
export const MESSAGE_PAGES = { first: 500, earlier: 100 } as const;
/** Messages from one sender within this window are grouped under one header. */
export const MESSAGE_GROUP_WINDOW_MS = 5 * 60 * 1000;

/** The greeting a request posts, from the client, naming the service. */
export function greetingFor(serviceTitle: string): string {
  return `Hi! I'd like to request your service "${serviceTitle}".`;
}

/** Whether two consecutive messages share one sender header (same sender within 5 minutes). */
export function sameGroup(
  previous: { senderId: string; createdAt: string | Date } | undefined,
  next: { senderId: string; createdAt: string | Date },
): boolean {
  if (!previous || previous.senderId !== next.senderId) return false;
  return new Date(next.createdAt).getTime() - new Date(previous.createdAt).getTime() <= MESSAGE_GROUP_WINDOW_MS;
}
