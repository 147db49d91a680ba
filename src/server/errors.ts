import { TRPCError } from '@trpc/server';
import { SETTINGS_MESSAGES } from '../domain/account-settings';
import { CONTACT_DETAILS_MESSAGES } from '../domain/contact-details';
import { BLOCK_MESSAGES } from '../domain/blocks';
import { CONVERSATION_MESSAGES } from '../domain/negotiation';
import { PAYOUT_MESSAGES } from '../domain/payouts';
import { PROFILE_MESSAGES } from '../domain/profile';
import { REFUSALS, type RefusalCode } from '../domain/refusals';
import { REVIEW_MESSAGES } from '../domain/reviews';
import { MEDIA_MESSAGES, MEMBER_MESSAGES, ROOM_MESSAGE_MESSAGES, ROOM_MESSAGES } from '../domain/rooms';
import { SERVICE_MESSAGES } from '../domain/services';

type ErrorEntry = { status: TRPCError['code']; message: string };

/**
 * The rules' refusals (domain/refusals.ts) are all 409 Conflict: the request was understood and the user may be a
 * party, but the state of the conversation does not allow it. One status per refusal, wherever it is raised.
 */
const refusalErrors = Object.fromEntries(
  Object.entries(REFUSALS).map(([code, message]) => [code, { status: 'CONFLICT', message }]),
) as Record<RefusalCode, ErrorEntry>;

/**
 * Every error a use case may raise, with the tRPC code it maps to and the text a user sees. Use cases throw
 * `new AppError('CODE')`; only the formatter in trpc.ts turns them into transport errors.
 */
export const APP_ERRORS = {
  UNAUTHENTICATED: { status: 'UNAUTHORIZED', message: 'You must be signed in to do that.' },
  FORBIDDEN: { status: 'FORBIDDEN', message: 'You do not have permission to do that.' },
  ADMIN_ONLY: { status: 'FORBIDDEN', message: 'Admin access required to view this page' },
  NOT_FOUND: { status: 'NOT_FOUND', message: 'Not found.' },
  BAD_INPUT: { status: 'BAD_REQUEST', message: 'Please check the form and try again.' },
  CONFLICT: { status: 'CONFLICT', message: 'That was changed by someone else. Please try again.' },
  BAD_ORIGIN: { status: 'FORBIDDEN', message: 'Requests must come from this site.' },
  MUTATION_RATE_LIMITED: {
    status: 'TOO_MANY_REQUESTS',
    message: 'You are making changes too quickly. Please wait a moment and try again.',
  },
  /** A per-user limit other than mutations (uploads, geocoding); the use case's message names which. */
  RATE_LIMITED: { status: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please wait a moment and try again.' },
  /** Subscriptions run only over the WebSocket, where a session's end closes them (tRPC's HTTP streams are off). */
  WEBSOCKET_ONLY: { status: 'METHOD_NOT_SUPPORTED', message: 'Live updates are only available over WebSocket.' },
  /** An account's password was guessed wrong too often (the same lock as sign-in); the message says how long. */
  TOO_MANY_PASSWORD_ATTEMPTS: {
    status: 'TOO_MANY_REQUESTS',
    message: 'Too many sign-in attempts. Please wait a minute and try again.',
  },
  TOO_MANY_SUBSCRIPTIONS: {
    status: 'TOO_MANY_REQUESTS',
    message: 'Too many live updates are open on this page. Please reload the page.',
  },
  /** Image processing is full (a bounded queue): the client may simply try again. */
  BUSY: { status: 'SERVICE_UNAVAILABLE', message: 'The server is busy. Please try again in a moment.' },
  INTERNAL: { status: 'INTERNAL_SERVER_ERROR', message: 'An unexpected error occurred.' },
  /** A moderator's platform-wide mute; the use case's message says until when (domain/member-reports.ts). */
  MEMBER_MUTED: { status: 'FORBIDDEN', message: 'You are muted by a moderator.' },

  /** Not a party to the conversation, or no such conversation: one answer, so ids cannot be probed. */
  NOT_A_PARTICIPANT: { status: 'FORBIDDEN', message: CONVERSATION_MESSAGES.noAccess },
  /** Contact or payment details before a deal is paid: the sender confirms (domain/contact-details.ts). */
  CONTACT_DETAILS_UNCONFIRMED: { status: 'PRECONDITION_FAILED', message: CONTACT_DETAILS_MESSAGES.confirmTitle },
  CONVERSATION_NOT_FOUND: { status: 'NOT_FOUND', message: CONVERSATION_MESSAGES.detailsFailed },
  CONVERSATION_RESET_NOT_FOUND: { status: 'NOT_FOUND', message: CONVERSATION_MESSAGES.resetFailed },
  PAID_CONVERSATION_RESET: { status: 'CONFLICT', message: 'A paid conversation cannot be reset' },
  SERVICE_NOT_FOUND: { status: 'NOT_FOUND', message: SERVICE_MESSAGES.notFound },

  /** Chat rooms (spec 3, section 8). A private room an outsider asks for is "no access", never its content. */
  ROOM_NOT_FOUND: { status: 'NOT_FOUND', message: ROOM_MESSAGES.notFound },
  ROOM_NO_ACCESS: { status: 'FORBIDDEN', message: ROOM_MESSAGES.noAccess },
  ROOM_NOT_CREATOR: { status: 'FORBIDDEN', message: ROOM_MESSAGES.updateFailed },
  ROOM_MEMBERS_ONLY: { status: 'FORBIDDEN', message: ROOM_MESSAGE_MESSAGES.membersOnly },
  ROOM_MUTED: { status: 'FORBIDDEN', message: ROOM_MESSAGE_MESSAGES.muted },
  ROOM_BANNED: { status: 'FORBIDDEN', message: ROOM_MESSAGE_MESSAGES.banned },
  ROOM_ALREADY_MEMBER: { status: 'CONFLICT', message: MEMBER_MESSAGES.alreadyMember },
  ROOM_CANNOT_ADD: { status: 'FORBIDDEN', message: MEMBER_MESSAGES.unableToAdd },
  ROOM_ROLE_REFUSED: { status: 'FORBIDDEN', message: MEMBER_MESSAGES.roleFailed },
  ROOM_MEMBER_ACTION_REFUSED: { status: 'FORBIDDEN', message: MEMBER_MESSAGES.removeFailed },
  /** The banned list and unban are the creator's and a private room's admins' (domain/rooms.ts canManageBans). */
  ROOM_BANS_REFUSED: { status: 'FORBIDDEN', message: MEMBER_MESSAGES.loadBannedFailed },
  ROOM_UNBAN_REFUSED: { status: 'FORBIDDEN', message: MEMBER_MESSAGES.unbanFailed },
  ROOM_MESSAGE_EMPTY: { status: 'BAD_REQUEST', message: ROOM_MESSAGE_MESSAGES.empty },
  ROOM_MESSAGE_NOT_FOUND: { status: 'NOT_FOUND', message: ROOM_MESSAGE_MESSAGES.loadFailed },
  ROOM_EDIT_NOT_AUTHOR: { status: 'FORBIDDEN', message: ROOM_MESSAGE_MESSAGES.onlyOwnEdit },
  ROOM_DELETE_REFUSED: { status: 'FORBIDDEN', message: ROOM_MESSAGE_MESSAGES.noDeletePermission },
  ROOM_MEDIA_UNSUPPORTED: { status: 'BAD_REQUEST', message: MEDIA_MESSAGES.unsupported },
  ROOM_MEDIA_TOO_LARGE: { status: 'PAYLOAD_TOO_LARGE', message: MEDIA_MESSAGES.tooLarge },
  GIFS_NOT_CONFIGURED: { status: 'PRECONDITION_FAILED', message: MEDIA_MESSAGES.gifNotConfigured },
  OWN_SERVICE: { status: 'BAD_REQUEST', message: SERVICE_MESSAGES.ownService },
  REQUEST_NOT_FOUND: { status: 'NOT_FOUND', message: 'Failed to load request' },
  OWN_REQUEST: { status: 'BAD_REQUEST', message: 'You cannot send an offer on your own request' },
  ALREADY_REVIEWED: { status: 'CONFLICT', message: REVIEW_MESSAGES.alreadyReviewed },
  PORTFOLIO_ITEM_NOT_FOUND: { status: 'NOT_FOUND', message: 'Portfolio item not found' },
  PROFILE_NOT_FOUND: { status: 'NOT_FOUND', message: PROFILE_MESSAGES.loadFailed },
  DATE_OF_BIRTH_LOCKED: { status: 'FORBIDDEN', message: PROFILE_MESSAGES.dateOfBirthLocked },
  DOB_REQUIRED: { status: 'BAD_REQUEST', message: PAYOUT_MESSAGES.dobFirst },
  MINOR_GUARDIAN_REQUIRED: { status: 'BAD_REQUEST', message: PAYOUT_MESSAGES.guardianRequired },
  GUARDIAN_EMAIL_INVALID: { status: 'BAD_REQUEST', message: PAYOUT_MESSAGES.guardianEmailInvalid },
  PAYOUT_NOT_SIGNED_IN: { status: 'NOT_FOUND', message: PAYOUT_MESSAGES.notAuthenticated },
  PAYOUT_RESUME_FAILED: { status: 'CONFLICT', message: PAYOUT_MESSAGES.resumeFailed },
  TEST_MODE_ONLY: { status: 'NOT_FOUND', message: 'Test onboarding exists only in test mode' },
  TEST_CARDS_TEST_MODE_ONLY: { status: 'BAD_REQUEST', message: 'Test cards work only in test mode' },
  NO_PENDING_AUTHENTICATION: { status: 'CONFLICT', message: 'No authentication is pending' },
  PAYMENT_NOT_FOUND: { status: 'NOT_FOUND', message: 'Payment not found' },
  WRONG_PASSWORD: { status: 'BAD_REQUEST', message: SETTINGS_MESSAGES.wrongPassword },
  CONFIRM_EMAIL_MISMATCH: { status: 'BAD_REQUEST', message: SETTINGS_MESSAGES.confirmEmailMismatch },
  UPLOAD_AGAIN: { status: 'BAD_REQUEST', message: 'Please upload the image again' },
  BLOCK_SELF: { status: 'BAD_REQUEST', message: BLOCK_MESSAGES.cannotBlockSelf },
  BLOCK_UNKNOWN_MEMBER: { status: 'NOT_FOUND', message: BLOCK_MESSAGES.unknownMember },
  BLOCK_LIMIT: { status: 'CONFLICT', message: BLOCK_MESSAGES.tooMany },
  ...refusalErrors,
} as const satisfies Record<string, ErrorEntry>;

export type AppErrorCode = keyof typeof APP_ERRORS;

export class AppError extends Error {
  constructor(
    /** What the web switches on (`data.appCode`); the table gives the status and the text. */
    readonly code: AppErrorCode,
    /** Only for texts with a live part (how long to wait) or a rule's own wording (which file type). */
    message?: string,
  ) {
    super(message ?? APP_ERRORS[code].message);
    this.name = 'AppError';
  }
}

/** Raises the rules' refusal, if there is one (a state machine's answer in src/domain). */
export function refuseIf(code: RefusalCode | null): void {
  if (code) throw new AppError(code);
}

export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({ code: APP_ERRORS[error.code].status, message: error.message, cause: error });
}
