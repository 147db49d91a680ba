import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { TOO_MANY_SIGN_UPS, tooManyAttemptsMessage } from '../../domain/account-settings';
import { RECOVERY_LIMITS, tooManyResetRequestsMessage } from '../../domain/account-recovery';
import type { Auth } from '../auth/auth';
import type { PasswordCheck, PasswordOutcome, Throttled } from '../features/accounts/sign-in-throttle';

/**
 * Fetch API headers for better-auth (and tRPC's context) from a Fastify request, or from the raw upgrade request
 * of a WebSocket connection.
 */
export function toFetchHeaders(request: FastifyRequest | IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'x-client-ip') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // The rate limiters key on this; Fastify's request.ip follows forwarded headers only as far as TRUST_PROXY allows.
  const ip = 'ip' in request ? request.ip : request.socket?.remoteAddress;
  headers.set('x-client-ip', ip ?? 'unknown');
  return headers;
}

/** better-auth's endpoint path as its router matches it: no base path, case, repeated or trailing slashes. */
function endpointPath(url: URL): string {
  return url.pathname
    .toLowerCase()
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '')
    .replace(/^\/api\/auth/, '');
}

function refuse(reply: FastifyReply, throttled: Throttled, message: string) {
  return reply
    .status(429)
    .header('retry-after', String(throttled.retryAfterSeconds))
    .send({ code: 'TOO_MANY_REQUESTS', message });
}

/** better-auth endpoints that check the signed-in user's password, and the body field it is in. */
const PASSWORD_FIELDS = new Map([
  ['/change-password', 'currentPassword'],
  ['/two-factor/enable', 'password'],
  ['/two-factor/disable', 'password'],
  ['/two-factor/get-totp-uri', 'password'],
  ['/two-factor/generate-backup-codes', 'password'],
]);

/** The second step of a two-factor sign-in (better-auth's own limiter is off for them; see auth.ts). */
export const SECOND_FACTOR_ENDPOINTS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

/**
 * Mounts better-auth's handler under /api/auth, forwarding every Set-Cookie it returns. Every password check is
 * throttled here (better-auth's own limiter is off for sign-in and sign-up): sign-in per address and per account,
 * the signed-in checks per account; a browser with the account's device cookie counts on its own instead.
 */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth, publicUrl: string): void {
  const { signInThrottle: throttle, recoveryThrottle, deviceCookies } = auth;
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request, reply) {
      const url = new URL(request.url, publicUrl);
      const endpoint = request.method === 'POST' ? endpointPath(url) : '';
      const headers = toFetchHeaders(request);
      let check: PasswordCheck | null = null;
      const started = performance.now();
      if (endpoint === '/request-password-reset') {
        // A hard cap per client address, counted whatever email was typed, so it tells nothing about accounts.
        const throttled = await recoveryThrottle.resetRequestFrom(request.ip);
        if (throttled) return refuse(reply, throttled, tooManyResetRequestsMessage(throttled.retryAfterSeconds));
      } else if (endpoint === '/sign-in/email') {
        const email = bodyText(request.body, 'email');
        check = { email, device: deviceCookies.read(request.headers.cookie, email) };
        const throttled = await throttle.beginSignIn(request.ip, check);
        if (throttled) return refuse(reply, throttled, tooManyAttemptsMessage(throttled.retryAfterSeconds));
      } else if (SECOND_FACTOR_ENDPOINTS.has(endpoint)) {
        const throttled = await throttle.beginSecondFactor(request.ip);
        if (throttled) return refuse(reply, throttled, tooManyAttemptsMessage(throttled.retryAfterSeconds));
      } else if (endpoint === '/sign-up/email') {
        const throttled = await throttle.beginSignUp(request.ip);
        if (throttled) return refuse(reply, throttled, TOO_MANY_SIGN_UPS);
      } else if (bodyText(request.body, PASSWORD_FIELDS.get(endpoint)) !== '') {
        const session = await auth.api.getSession({ headers });
        if (session) {
          const email = session.user.email;
          check = { email, device: deviceCookies.read(request.headers.cookie, email) };
          const throttled = await throttle.beginPasswordCheck(check);
          if (throttled) return refuse(reply, throttled, tooManyAttemptsMessage(throttled.retryAfterSeconds));
        }
      }
      const hasBody = request.method !== 'GET' && request.body !== undefined;
      const response = await auth.handler(
        new Request(url, { method: request.method, headers, body: hasBody ? JSON.stringify(request.body) : undefined }),
      );
      const cookies = response.headers.getSetCookie();
      if (endpoint === '/request-password-reset') {
        // Known address, unknown address, or an account over its limit: answered after the same time.
        await sleep(Math.max(0, RECOVERY_LIMITS.resetAnswerMinMs - (performance.now() - started)));
      }
      if (check) await throttle.endPasswordCheck(check, await outcomeOf(endpoint, response));
      // A browser that proved the password (or created the account) is known to that account from now on.
      if (response.ok && (endpoint === '/sign-in/email' || endpoint === '/sign-up/email')) {
        cookies.push(deviceCookies.issue(bodyText(request.body, 'email')));
      }
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}

/** 401 is better-auth's answer to a wrong sign-in password (an unknown email counts the same); elsewhere 400. */
async function outcomeOf(endpoint: string, response: Response): Promise<PasswordOutcome> {
  if (response.ok) return 'succeeded';
  if (endpoint === '/sign-in/email') return response.status === 401 ? 'wrong-password' : 'not-checked';
  if (response.status !== 400) return 'not-checked';
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  return body?.code === 'INVALID_PASSWORD' ? 'wrong-password' : 'not-checked';
}

/** A text field of the body as text whatever the client sent, so every sign-in counts against some account. */
function bodyText(body: unknown, field: string | undefined): string {
  const value =
    field !== undefined && body && typeof body === 'object' && field in body
      ? (body as Record<string, unknown>)[field]
      : undefined;
  return typeof value === 'string' ? value : '';
}
