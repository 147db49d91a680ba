import { initTRPC, TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { BurstyRateLimiter, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ZodError } from 'zod';
import { containsNulCharacter, NUL_CHARACTER_MESSAGE } from '../domain/text';
import type { Auth } from './auth/auth';
import type { SessionCache } from './auth/session-cache';
import type { Config } from './config';
import type { Db } from './db/database';
import type { DomainEvents } from './events/domain-events';
import { cookieValues } from './auth/cookie-values';
import { AppError, toTRPCError } from './errors';
import { isAdmin } from './features/accounts/is-admin';
import type { EventBus } from './realtime/event-bus';
import type { BlobStore } from './files/blob-store';
import type { Listings } from './features/listings/listings';
import type { PaymentProvider } from './payments/payment-provider';
import type { LiveSocket } from './realtime/live-sockets';

export interface Context {
  db: Db;
  /** Announces recorded events after commit (events/in-transaction.ts). */
  events: DomainEvents;
  config: Config;
  bus: EventBus;
  files: BlobStore;
  /** The public listings, answered from memory while the catalogue does not change. */
  listings: Listings;
  payments: PaymentProvider;
  /** This server's own address (the payment suite posts a webhook to itself). */
  selfUrl(): string;
  /**
   * The signed-in user of the request, read on first use and remembered: public listings never pay for a session
   * lookup, and a request without a session cookie never asks better-auth at all.
   */
  session(): Promise<RequestSession | null>;
  /** The request's Origin and Sec-Fetch-Site, for the same-site check of live subscriptions. */
  origin: string | null;
  fetchSite: string | null;
  host: string | null;
  /**
   * Reads the session again. A WebSocket's context is made once, at connection; a subscription started later
   * re-checks that the session still exists (it may have been signed out meanwhile).
   */
  reloadSessionId(): Promise<string | null>;
  /** The WebSocket the call came over (null over HTTP): refused once its session ended, capped in subscriptions. */
  socket: LiveSocket | null;
  mutationLimiter: MutationLimiter;
}

export interface RequestSession {
  user: { id: string; email: string; twoFactorEnabled: boolean };
  sessionId: string;
}

export interface ContextDeps {
  /** better-auth's session cookie name, exactly (with `__Secure-` when cookies are secure). */
  sessionCookieName: string;
  /** Sessions read in the last seconds, let go when any server announces their end. */
  sessions: SessionCache;
  db: Db;
  events: DomainEvents;
  config: Config;
  bus: EventBus;
  files: BlobStore;
  listings: Listings;
  payments: PaymentProvider;
  auth: Auth;
  mutationLimiter: MutationLimiter;
  selfUrl(): string;
}

/**
 * Changes one user may make: a burst of 60, then 5 a second for as long as they like. Far above what a person
 * clicking (or the e2e suite) does; it stops a script that writes in a loop. In memory: each server counts its own.
 */
export const MUTATION_BURST = 60;
export const MUTATIONS_PER_SECOND = 5;

export interface MutationLimiter {
  /** False when the user has no changes left for now. */
  take(userId: string): Promise<boolean>;
}

export function createMutationLimiter(): MutationLimiter {
  // Entries expire with their window, so memory follows the users active in the last minute.
  const limiter = new BurstyRateLimiter(
    new RateLimiterMemory({ keyPrefix: 'mutation', points: MUTATIONS_PER_SECOND, duration: 1 }),
    new RateLimiterMemory({ keyPrefix: 'mutation-burst', points: MUTATION_BURST, duration: 60 }),
  );
  return {
    async take(userId) {
      try {
        await limiter.consume(userId);
        return true;
      } catch (error) {
        if (error instanceof RateLimiterRes) return false;
        throw error;
      }
    },
  };
}

/** A signed session cookie is `token.signature`, URL-encoded. */
function sessionTokenMatches(cookieValue: string, sessionToken: string): boolean {
  try {
    return decodeURIComponent(cookieValue).split('.')[0] === sessionToken;
  } catch {
    return false;
  }
}

/**
 * Reads the session from the request's cookie: the same for queries, mutations and subscriptions. Over a
 * WebSocket the session is read once, at the handshake, and the socket is tied to it: when the session ends the
 * socket is refused everything and closed (realtime/live-sockets.ts).
 */
export async function createContext(
  deps: ContextDeps,
  headers: Headers,
  socket: LiveSocket | null = null,
): Promise<Context> {
  const loadSession = async () => {
    const found = await deps.auth.api.getSession({ headers });
    if (!found) return null;
    const { user, session } = found;
    const value: RequestSession = {
      user: { id: user.id, email: user.email, twoFactorEnabled: user.twoFactorEnabled === true },
      sessionId: session.id,
    };
    return { value, sessionId: session.id, token: session.token, expiresAt: new Date(session.expiresAt) };
  };
  const tokens = cookieValues(headers.get('cookie'), deps.sessionCookieName);
  const token = tokens.length === 1 ? tokens[0]! : null;
  const readSession = async (): Promise<RequestSession | null> => {
    if (tokens.length === 0) return null;
    // Several cookies of that name (an attacker's beside the real one): better-auth decides, nothing is remembered.
    if (!token) return (await loadSession())?.value ?? null;
    return deps.sessions.read(token, async () => {
      const loaded = await loadSession();
      // Remembered under the cookie only if that cookie is the session better-auth found (its signed token).
      return loaded && sessionTokenMatches(token, loaded.token)
        ? loaded
        : loaded && { value: loaded.value, remember: false as const };
    });
  };
  let remembered: Promise<RequestSession | null> | null = null;
  if (socket) {
    const session = await (remembered = readSession());
    if (session) socket.attach({ sessionId: session.sessionId, userId: session.user.id });
  }
  return {
    session: async () => (socket && !socket.isLive() ? null : (remembered ??= readSession())),
    // Past the cache: a socket's re-check must see a session deleted a moment ago.
    reloadSessionId: async () => (tokens.length > 0 ? ((await loadSession())?.sessionId ?? null) : null),
    db: deps.db,
    events: deps.events,
    config: deps.config,
    bus: deps.bus,
    files: deps.files,
    listings: deps.listings,
    payments: deps.payments,
    mutationLimiter: deps.mutationLimiter,
    socket,
    selfUrl: deps.selfUrl,
    origin: headers.get('origin'),
    fetchSite: headers.get('sec-fetch-site'),
    host: headers.get('host'),
  };
}

const t = initTRPC.context<Context>().create({
  /**
   * Subscriptions run over the WebSocket only. tRPC would otherwise also serve them as HTTP event streams, which
   * no socket tracks: they would outlive a session's end and skip every cap on live updates.
   */
  sse: { enabled: false },
  /**
   * The one place errors become responses: AppError codes map to tRPC codes with the user-facing text;
   * zod failures carry their first message; anything else is an opaque internal error (no stack, no SQL).
   */
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const isKnown = cause instanceof AppError || cause instanceof ZodError || error.code !== 'INTERNAL_SERVER_ERROR';
    const message =
      cause instanceof ZodError
        ? (cause.issues[0]?.message ?? 'Invalid input')
        : isKnown
          ? shape.message
          : 'An unexpected error occurred.';
    // An AppError thrown inside a subscription's generator arrives unmapped (the middleware has already returned).
    const mapped = cause instanceof AppError ? toTRPCError(cause) : null;
    return {
      code: mapped ? TRPC_ERROR_CODES_BY_KEY[mapped.code] : shape.code,
      message,
      data: {
        code: mapped ? mapped.code : shape.data.code,
        httpStatus: mapped ? getHTTPStatusCodeFromError(mapped) : shape.data.httpStatus,
        appCode: cause instanceof AppError ? cause.code : null,
        // The same code under its old name, until every page reads appCode.
        reason: cause instanceof AppError ? cause.code : null,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Use cases throw AppError; this turns it into the mapped tRPC error. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    throw toTRPCError(result.error.cause);
  }
  return result;
});

/**
 * Calls carry the session cookie, so they must come from this site. Browsers send Origin on cross-site requests
 * and on every WebSocket handshake: a foreign one is refused for every call. A live subscription without Origin
 * must also say, through fetch metadata, that it is same-origin.
 */
const sameSiteOnly = t.middleware(({ ctx, type, next }) => {
  const allowed = ctx.origin ? isSameSite(ctx) : type !== 'subscription' || isSameSite(ctx);
  if (!allowed) throw toTRPCError(new AppError('BAD_ORIGIN'));
  return next();
});

export function isSameSite(
  ctx: Pick<Context, 'origin' | 'fetchSite' | 'host'> & { config: Pick<Config, 'trustedOrigins'> },
): boolean {
  if (ctx.origin) {
    if (ctx.config.trustedOrigins.includes(ctx.origin)) return true;
    try {
      return new URL(ctx.origin).host === ctx.host;
    } catch {
      return false;
    }
  }
  // Same-origin GETs (EventSource) carry no Origin; the browser's fetch metadata says where they came from.
  return ctx.fetchSite === null || ctx.fetchSite === 'same-origin' || ctx.fetchSite === 'none';
}

/**
 * A socket whose session ended answers nothing more, not even public calls, until the server closes it. Each
 * subscription holds a slot of the socket's few; the slot is freed when the subscription ends.
 */
const liveSocketRules = t.middleware(async ({ ctx, type, next }) => {
  const socket = ctx.socket;
  if (!socket && type === 'subscription') {
    // Defence in depth beside `sse: { enabled: false }`: the procedure must not even start outside a socket.
    throw toTRPCError(new AppError('WEBSOCKET_ONLY'));
  }
  if (!socket) return next();
  if (!socket.isLive()) throw toTRPCError(new AppError('UNAUTHENTICATED'));
  if (type !== 'subscription') return next();
  if (!socket.claimSubscription()) throw toTRPCError(new AppError('TOO_MANY_SUBSCRIPTIONS'));
  let result;
  try {
    result = await next();
  } catch (error) {
    socket.releaseSubscription();
    throw error;
  }
  if (!result.ok) {
    socket.releaseSubscription();
    return result;
  }
  return { ...result, data: releasedAtEnd(result.data as AsyncIterable<unknown>, socket) };
});

async function* releasedAtEnd<T>(events: AsyncIterable<T>, socket: LiveSocket) {
  try {
    yield* events;
  } finally {
    socket.releaseSubscription();
  }
}

/** One check for every procedure's input, before its schema: PostgreSQL text cannot hold U+0000. */
const noNulCharacters = t.middleware(async ({ getRawInput, next }) => {
  if (containsNulCharacter(await getRawInput())) throw toTRPCError(new AppError('BAD_INPUT', NUL_CHARACTER_MESSAGE));
  return next();
});

export const publicProcedure = t.procedure.use(appErrors).use(sameSiteOnly).use(liveSocketRules).use(noNulCharacters);

export const authedProcedure = publicProcedure.use(async ({ ctx, type, next }) => {
  const session = await ctx.session();
  if (!session) throw toTRPCError(new AppError('UNAUTHENTICATED'));
  if (type === 'subscription' && (await ctx.reloadSessionId()) !== session.sessionId) {
    throw toTRPCError(new AppError('UNAUTHENTICATED'));
  }
  if (type === 'mutation' && !(await ctx.mutationLimiter.take(session.user.id))) {
    throw toTRPCError(new AppError('MUTATION_RATE_LIMITED'));
  }
  return next({ ctx: { ...ctx, user: session.user, sessionId: session.sessionId } });
});

export const adminProcedure = authedProcedure.use(async ({ ctx, next }) => {
  if (!(await isAdmin(ctx.db, ctx.user.id))) throw toTRPCError(new AppError('ADMIN_ONLY'));
  return next();
});

export { TRPCError };
