import { TRPCError } from '@trpc/server';

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
} as const satisfies Record<string, { status: TRPCError['code']; message: string }>;

export type AppErrorCode = keyof typeof APP_ERRORS;

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message?: string,
    /** A machine-readable reason the web app switches on (e.g. DOB_REQUIRED), beside the text a user reads. */
    readonly reason?: string,
  ) {
    super(message ?? APP_ERRORS[code].message);
    this.name = 'AppError';
  }
}

export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({ code: APP_ERRORS[error.code].status, message: error.message, cause: error });
}
