import { BLOCK_MESSAGES } from './blocks';
import { DISPUTE_WINDOW_DAYS } from './deal';

/**
 * Why the marketplace's rules refuse an action, by code, with the text the user reads. The state machines
 * (negotiation, settlement) return these codes; the server answers them as 409 Conflict with the text
 * (src/server/errors.ts), and the web switches on the code, never on the text.
 */
export const REFUSALS = {
  SERVICE_CANCELLED: 'The service was cancelled',
  PRICE_ALREADY_AGREED: 'The price is already agreed',
  NO_PROPOSAL_TO_ANSWER: 'There is no price proposal to answer',
  ONLY_CLIENT_ACCEPTS_ORIGINAL: 'Only the client can accept the original price',
  NO_ORIGINAL_PRICE: 'There is no original price to accept',
  LISTING_PRICE_CHANGED: 'The price of this service has changed. Please check the new price before accepting it.',
  ONLY_CLIENT_PAYS: 'Only the client pays',
  PRICE_NOT_AGREED: 'Agree on a price before paying',
  ALREADY_PAID: 'This service is already paid',
  ONLY_PROVIDER_STARTS: 'Only the provider can start the service',
  NOT_PAID_YET: 'The service can start once it is paid',
  ALREADY_STARTED: 'The service has already started',
  ONLY_PROVIDER_COMPLETES: 'Only the provider can complete the service',
  NOT_STARTED: 'The service has not started',
  ALREADY_COMPLETED: 'The service is already completed',
  ONLY_CLIENT_REVIEWS: 'Only the client can review the provider',
  NOT_COMPLETED_YET: 'The service is not completed yet',
  ONLY_CLIENT_SETTLES: 'Only the client can do that',
  NOT_PAID: 'The service is not paid',
  COMPLETION_ALREADY_CONFIRMED: 'Completion is already confirmed',
  DISPUTE_OPEN: 'A dispute is open',
  DISPUTE_ALREADY_OPEN: 'A dispute is already open',
  PROVIDER_ALREADY_PAID: 'The provider has already been paid',
  DISPUTE_WINDOW_CLOSED: `Disputes can be opened within ${DISPUTE_WINDOW_DAYS} days of payment`,
  PAYOUT_IN_FLIGHT: 'The payout is being sent; try again in a few minutes',
  NO_OPEN_DISPUTE: 'There is no open dispute',
  PARTIAL_REFUND_AMOUNT: 'Enter a refund between $0.01 and the amount paid less $0.01',
  /** A block between the two: the blocker is told why, the blocked member gets a neutral refusal. */
  BLOCKED_BY_YOU: BLOCK_MESSAGES.youBlocked,
  BLOCKED_CONVERSATION: BLOCK_MESSAGES.cannotSend,
  BLOCKED_CONTACT: BLOCK_MESSAGES.cannotContact,
} as const;

export type RefusalCode = keyof typeof REFUSALS;

/** The text of a refusal, or null when the action is allowed. */
export const refusalText = (code: RefusalCode | null): string | null => (code ? REFUSALS[code] : null);
