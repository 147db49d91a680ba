import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { eq, sql } from 'drizzle-orm';
import { newPasswordSchema } from '../../domain/account-settings';
import {
  ACCOUNT_EMAILS,
  changeEmailSchema,
  forgotPasswordSchema,
  RECOVERY_LIMITS,
  RECOVERY_MESSAGES,
  RESET_TOKEN_MAX,
  tooManyLinksMessage,
} from '../../domain/account-recovery';
import { suspendedMessage } from '../../domain/admin-users';
import { signUpSchema } from '../../domain/auth';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { accounts, sessions, twoFactors, users, verifications } from '../db/schema/auth';
import type { EventBus } from '../realtime/event-bus';
import { createProfileForNewUser } from '../features/accounts/create-profile';
import { recordSignIn, recordSignUpSignIn } from '../features/accounts/record-sign-in';
import { suspensionRefusingSignIn } from '../features/admin-users/current-suspension';
import type { DomainEvents } from '../events/domain-events';
import { announceSessionEnded } from '../realtime/session-ended';
import { createDeviceCookies } from '../features/accounts/device-cookie';
import { signInThrottleFor, type Throttled } from '../features/accounts/sign-in-throttle';
import { recoveryThrottleFor } from '../features/accounts/recovery-throttle';
import { queueAccountEmail } from '../features/accounts/queue-account-email';
import { checkCurrentPassword } from '../features/accounts/check-current-password';
import { AppError } from '../errors';
import { channels } from '../realtime/channels';
import { passwordHashing } from './password-hashing';

/** better-auth endpoints that may delete sessions other than the caller's. */
const SESSION_ENDING_PATHS = [
  '/change-password',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/two-factor/',
  '/reset-password',
  '/delete-user',
];

/** better-auth endpoints that create a session inside their own database transaction. */
const SESSION_IN_TRANSACTION_PATHS = ['/sign-up/email', '/change-password'];

/** The paths that end a sign-in with a new session: the password step, or the second step of a two-factor one. */
const SIGN_IN_PATHS = ['/sign-in/email', '/two-factor/verify-totp', '/two-factor/verify-backup-code'];

/** Where better-auth's own lines go: the server's logger, so production's log stays one JSON object a line. */
type AuthLog = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

export function createAuth({
  db,
  config,
  bus,
  events,
  log,
}: {
  db: Db;
  config: Config;
  bus: EventBus;
  events: Pick<DomainEvents, 'committed'>;
  log?: AuthLog;
}) {
  const recovery = recoveryThrottleFor(db);
  const passwordChanged = (user: { id: string; email: string }) =>
    queueAccountEmail(db, { userId: user.id, to: user.email }, ACCOUNT_EMAILS.passwordChanged());
  const auth = betterAuth({
    appName: 'Skills Marketplace',
    // Its own printer writes coloured text ("[Better Auth]: User not found" on a failed sign-in) into the JSON log.
    // Without the server's logger (the seed script) its own printer stays.
    ...(log && {
      logger: {
        log: (level, message, ...args) =>
          log[level]({ err: args.find((a) => a instanceof Error) }, `better-auth: ${message}`),
      },
    }),
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret: config.SESSION_SECRET,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      autoSignIn: true,
      password: passwordHashing(config),
      resetPasswordTokenExpiresIn: RECOVERY_LIMITS.resetLinkSeconds,
      // In the transaction that sets the new password (session.delete.after below tells the open tabs).
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        // Over the account's limit the answer stays the same and nothing is sent (the bridge evens out its timing).
        if (!(await recovery.mayMailReset(user.id))) return;
        await queueAccountEmail(db, { userId: user.id, to: user.email }, ACCOUNT_EMAILS.resetPassword(token));
      },
      onPasswordReset: ({ user }) => passwordChanged(user),
    },
    // Verifying is offered, never required: an unverified member keeps every behaviour (sign-in included).
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: RECOVERY_LIMITS.verificationLinkSeconds,
      sendVerificationEmail: async ({ user, token }) => {
        // A change of address sends its link to the new address (user.email is that address here).
        const email = isEmailChangeToken(token)
          ? ACCOUNT_EMAILS.confirmNewEmail(token)
          : ACCOUNT_EMAILS.verifyEmail(token);
        await queueAccountEmail(db, { userId: user.id, to: user.email }, email);
      },
    },
    // The new address is confirmed by a link sent to it before the account's email changes (no other flow is on).
    user: { changeEmail: { enabled: true } },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 300,
      // Its count only resets after a full quiet window, which locked whole schools out: sign-in and sign-up are
      // limited by the HTTP bridge instead (per address, and per account; see features/accounts/sign-in-throttle.ts).
      // The password checks of a signed-in user are limited there too, per account (its 3 per 10 seconds on them
      // would only add a second, differently timed refusal).
      customRules: {
        '/sign-in/email': false,
        '/sign-up/email': false,
        '/change-password': false,
        '/two-factor/enable': false,
        '/two-factor/disable': false,
        '/two-factor/get-totp-uri': false,
        '/two-factor/generate-backup-codes': false,
        // The second step of a two-factor sign-in, per address at the sign-in numbers (auth-bridge.ts).
        '/two-factor/verify-totp': false,
        '/two-factor/verify-backup-code': false,
        // Limited per account and per client address here and in the bridge: its 3 a minute per address would
        // refuse a class asking for links together.
        '/request-password-reset': false,
        '/send-verification-email': false,
        '/change-email': false,
      },
    },
    advanced: {
      database: { generateId: () => randomUUID() },
      useSecureCookies: config.secureCookies,
      // better-auth relaxes these when NODE_ENV=test; our tests must see production behaviour.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      // The HTTP bridge replaces this header with the connection's address, so a client cannot forge it.
      ipAddress: { ipAddressHeaders: ['x-client-ip'] },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') {
          // The same schema the sign-up form uses: every rule and message is enforced here too.
          const parsed = signUpSchema.safeParse(ctx.body);
          if (!parsed.success) {
            throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]!.message, code: 'INVALID_SIGN_UP' });
          }
          // Only the fields the schema knows go on: better-auth would store others (its `image`) unchecked. They are
          // removed from the body itself, as better-auth merges a hook's returned body into the original.
          const body = ctx.body as Record<string, unknown>;
          for (const key of Object.keys(body)) if (!(key in parsed.data)) delete body[key];
          const { firstName, lastName, email } = parsed.data;
          return { context: { ...ctx, body: { ...parsed.data, email, name: `${firstName} ${lastName}` } } };
        }
        if (ctx.path === '/update-user') {
          // Names change through our profile procedure, with its limits; better-auth's route would take any size.
          throw APIError.fromStatus('NOT_FOUND');
        }
        if (ctx.path === '/change-password') {
          // A new password follows the sign-up strength rules, whatever the client checked.
          const parsed = newPasswordSchema.safeParse(ctx.body?.newPassword);
          if (!parsed.success) {
            throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]!.message, code: 'WEAK_PASSWORD' });
          }
        }
        if (ctx.path === '/request-password-reset') {
          const parsed = forgotPasswordSchema.safeParse(ctx.body);
          if (!parsed.success) {
            throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]!.message, code: 'INVALID_EMAIL' });
          }
          // Our link goes in the email (a page of the site); no redirect of the client's choosing.
          return { context: { ...ctx, body: { email: parsed.data.email } } };
        }
        if (ctx.path === '/reset-password') {
          const token: unknown = ctx.body?.token ?? ctx.query?.token;
          if (typeof token !== 'string' || token.length > RESET_TOKEN_MAX) {
            throw new APIError('BAD_REQUEST', { message: RECOVERY_MESSAGES.resetLinkInvalid, code: 'INVALID_TOKEN' });
          }
          const parsed = newPasswordSchema.safeParse(ctx.body?.newPassword);
          if (!parsed.success) {
            throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]!.message, code: 'WEAK_PASSWORD' });
          }
        }
        if (ctx.path.startsWith('/reset-password/')) {
          // The redirecting check of a token: our page posts the token itself, so this only lets tokens be probed.
          throw APIError.fromStatus('NOT_FOUND');
        }
        if (ctx.path === '/send-verification-email' || ctx.path === '/change-email') {
          // Signed in only (better-auth would also mail anyone's address signed out), and limited per account.
          const session = await getSessionFromCtx(ctx);
          if (!session) throw APIError.fromStatus('UNAUTHORIZED');
          if (ctx.path === '/change-email') {
            const parsed = changeEmailSchema.safeParse(ctx.body);
            if (!parsed.success) {
              throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]!.message, code: 'INVALID_EMAIL' });
            }
            if (parsed.data.newEmail.toLowerCase() === session.user.email.toLowerCase()) {
              throw new APIError('BAD_REQUEST', { message: RECOVERY_MESSAGES.sameEmail, code: 'SAME_EMAIL' });
            }
            const throttled = await recovery.emailChangeFor(session.user.id);
            if (throttled) throw tooManyLinks(throttled);
            const matches = await checkCurrentPassword({ db, config }, session.user, parsed.data.currentPassword).catch(
              (error: unknown) => {
                if (error instanceof AppError) throw new APIError('TOO_MANY_REQUESTS', { message: error.message });
                throw error;
              },
            );
            if (!matches) {
              throw new APIError('BAD_REQUEST', { message: RECOVERY_MESSAGES.wrongPassword, code: 'WRONG_PASSWORD' });
            }
            return { context: { ...ctx, body: { newEmail: parsed.data.newEmail } } };
          }
          const throttled = await recovery.verificationMailFor(session.user.id);
          if (throttled) throw tooManyLinks(throttled);
          return { context: { ...ctx, body: { email: session.user.email } } };
        }
        if (ctx.path === '/sign-out') {
          // Other tabs of this browser share the session: tell them it ended (and its sockets close, on every server).
          const session = await getSessionFromCtx(ctx);
          if (session) {
            announceSessionEnded(bus, session.session.id);
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        // These delete sessions in bulk without naming them: every server re-checks its open sockets now rather
        // than at its next periodic check (realtime/live-sockets.ts).
        // Sign-out too: its session is gone only now, and a read between the announcement before and the deletion
        // may have put it back in a session cache.
        if (ctx.path === '/sign-out' || SESSION_ENDING_PATHS.some((path) => ctx.path.startsWith(path))) {
          bus.publish(channels.sessionsChanged, {});
        }
        const newSession = ctx.context.newSession;
        if (newSession && SIGN_IN_PATHS.includes(ctx.path) && (await isSignIn(ctx))) {
          await recordSignIn({ db, events }, newSession.user, {});
        }
        if (newSession && ctx.path === '/sign-up/email') {
          await recordSignUpSignIn({ db }, newSession.user);
        }
        if (ctx.path === '/change-password' && succeeded(ctx.context.returned) && ctx.context.session) {
          await passwordChanged(ctx.context.session.user);
        }
        // A verified or changed address: every server reads its sessions (and their user) again.
        if (ctx.path === '/verify-email') bus.publish(channels.sessionsChanged, {});
      }),
    },
    plugins: [twoFactor({ issuer: 'SkillNest' })],
    databaseHooks: {
      session: {
        create: {
          // A suspended member gets no session. Every sign-in makes one here, after the password
          // check (someone without the password learns nothing), and the second step of a two-factor one too.
          before: async (session, ctx) => {
            // These two make their session inside better-auth's transaction, where a query on our pool would wait
            // for the embedded database's one connection (DESIGN.md). Neither can be a suspended member's: a new
            // account has no suspension, and changing the password needs a session, which a suspension deleted.
            // Any other path that did so would fail closed (a timeout), never let a suspended member in.
            if (ctx?.path && SESSION_IN_TRANSACTION_PATHS.includes(ctx.path)) return;
            const suspension = await suspensionRefusingSignIn(db, session.userId);
            if (suspension) throw await suspendedError(db, suspension, session.userId, ctx?.path);
          },
          // The check above and better-auth's insert are separate statements: a suspension committed between them
          // would leave this session alive for 30 days. So, once the session exists, two statements:
          // 1. the user row `for share`, which waits for a suspension in progress (suspend-user.ts holds it
          //    `for update` until its commit, and deletes the sessions under it);
          // 2. a fresh read of the suspension (a new statement, so a snapshot taken after that wait).
          // Either the suspension held the lock first, and 2 sees it; or it takes the lock after 1, and then its
          // `delete from sessions` starts after this session was committed, and deletes it. A lone re-read without
          // the lock is not enough on PostgreSQL: the suspension's delete may run before this insert commits while
          // its transaction commits after the re-read. Skipped where the before hook is, for the same reason.
          after: async (session, ctx) => {
            if (ctx?.path && SESSION_IN_TRANSACTION_PATHS.includes(ctx.path)) return;
            await db.execute(sql`select 1 from users where id = ${session.userId} for share`);
            const suspension = await suspensionRefusingSignIn(db, session.userId);
            if (!suspension) return;
            await db.delete(sessions).where(eq(sessions.id, session.id));
            // No cookie goes out with the refusal, but a session cache may have seen it: every server forgets it.
            announceSessionEnded(bus, session.id);
            throw await suspendedError(db, suspension, session.userId, ctx?.path);
          },
        },
        delete: {
          // A password reset ends every session of the account: each open tab hears its own end at once.
          after: async (session, ctx) => {
            if (ctx?.path === '/reset-password') announceSessionEnded(bus, session.id);
          },
        },
      },
      user: {
        create: {
          after: async (user, ctx) => {
            const parsed = signUpSchema.safeParse(ctx?.body);
            await createProfileForNewUser({ db, events }, user, { signUp: parsed.success ? parsed.data : null });
          },
        },
        update: {
          before: async (data, ctx) => {
            // A new address is set only by its link, opened from that mailbox: it is verified by that.
            if (ctx?.path === '/verify-email' && typeof data.email === 'string') {
              return { data: { ...data, emailVerified: true } };
            }
          },
          after: async (user, ctx) => {
            const previousEmail = ctx?.path === '/verify-email' ? emailChangedFrom(ctx.query?.token) : null;
            if (previousEmail && previousEmail !== user.email.toLowerCase()) {
              await queueAccountEmail(
                db,
                { userId: user.id, to: previousEmail },
                ACCOUNT_EMAILS.emailChanged(user.email),
              );
            }
            // Turning two-factor on (its first verified code) signs out every other session of the account: one
            // opened with a stolen password must not outlive the new protection. better-auth then swaps the current
            // session for a fresh one itself.
            const current = ctx?.context.session?.session;
            if (!user.twoFactorEnabled || !ctx?.path.startsWith('/two-factor/') || current?.userId !== user.id) return;
            const others = await ctx.context.internalAdapter.listSessions(user.id);
            const tokens = others.filter((s) => s.token !== current.token).map((s) => s.token);
            if (tokens.length > 0) await ctx.context.internalAdapter.deleteSessions(tokens);
          },
        },
      },
    },
  });
  // The bridge and deleteAccount check passwords against one count per account (features/accounts).
  return Object.assign(auth, {
    signInThrottle: signInThrottleFor(db),
    recoveryThrottle: recovery,
    deviceCookies: createDeviceCookies(config.SESSION_SECRET, config.secureCookies),
  });
}

export type Auth = ReturnType<typeof createAuth>;

function tooManyLinks(throttled: Throttled): APIError {
  return new APIError('TOO_MANY_REQUESTS', {
    message: tooManyLinksMessage(throttled.retryAfterSeconds),
    code: 'TOO_MANY_REQUESTS',
  });
}

/** An endpoint's result in an after hook: its response, or the error it threw. */
function succeeded(returned: unknown): boolean {
  return !(returned instanceof Error) && !(returned instanceof Response && !returned.ok);
}

/**
 * The claims of a verification token better-auth made (a signed JWT). Read without checking the signature: only
 * used on tokens better-auth itself just issued or verified in the same request.
 */
function tokenClaims(token: unknown): Record<string, unknown> {
  if (typeof token !== 'string') return {};
  try {
    const claims: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function isEmailChangeToken(token: string): boolean {
  return tokenClaims(token).requestType === 'change-email-verification';
}

/** The address an opened change-of-address link moved the account away from, or null for any other link. */
function emailChangedFrom(token: unknown): string | null {
  const claims = tokenClaims(token);
  return claims.requestType === 'change-email-verification' && typeof claims.email === 'string' ? claims.email : null;
}

/**
 * The refusal a suspended member gets. At the password step of an account with two-factor on, only
 * the dates: someone with a leaked password alone must not read the admin's words.
 */
async function suspendedError(
  db: Db,
  suspension: { until: Date | null; reason: string },
  userId: string,
  path: string | undefined,
): Promise<APIError> {
  let reason: string | null = suspension.reason;
  if (path === '/sign-in/email') {
    const [user] = await db
      .select({ twoFactorEnabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, userId));
    if (user?.twoFactorEnabled) reason = null;
  }
  return new APIError('FORBIDDEN', { message: suspendedMessage(suspension.until, reason), code: 'ACCOUNT_SUSPENDED' });
}

/**
 * A two-factor code also swaps the session when it turns two-factor on (the user is already signed in then); it is a
 * sign-in only when the request carried the pending sign-in's two-factor cookie.
 */
async function isSignIn(ctx: {
  path: string;
  context: { secret: string; createAuthCookie: (name: string) => { name: string } };
  getSignedCookie: (name: string, secret: string) => Promise<string | null | false>;
}) {
  if (ctx.path === '/sign-in/email') return true;
  return Boolean(await ctx.getSignedCookie(ctx.context.createAuthCookie('two_factor').name, ctx.context.secret));
}
