import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TOO_MANY_SIGN_UPS, tooManyAttemptsMessage } from '../../domain/account-settings';
import type { Auth } from '../auth/auth';
import { createSignInThrottle, type Throttled } from '../features/accounts/sign-in-throttle';

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

/**
 * Mounts better-auth's handler under /api/auth, forwarding every Set-Cookie it returns. Sign-in and sign-up are
 * throttled here (better-auth's own limiter is off for them): per address, and sign-in per account too.
 */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth, publicUrl: string): void {
  const throttle = createSignInThrottle();
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request, reply) {
      const url = new URL(request.url, publicUrl);
      const endpoint = request.method === 'POST' ? endpointPath(url) : '';
      const email = endpoint === '/sign-in/email' ? typedEmail(request.body) : null;
      if (email !== null) {
        const throttled = await throttle.beginSignIn(request.ip, email);
        if (throttled) return refuse(reply, throttled, tooManyAttemptsMessage(throttled.retryAfterSeconds));
      } else if (endpoint === '/sign-up/email') {
        const throttled = await throttle.beginSignUp(request.ip);
        if (throttled) return refuse(reply, throttled, TOO_MANY_SIGN_UPS);
      }
      const hasBody = request.method !== 'GET' && request.body !== undefined;
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: toFetchHeaders(request),
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      if (email !== null) {
        // 401 is better-auth's answer to a wrong password (and to an unknown email, which counts the same).
        const outcome = response.ok ? 'succeeded' : response.status === 401 ? 'wrong-password' : 'not-checked';
        await throttle.endSignIn(email, outcome);
      }
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}

/** The email a sign-in names, as text whatever the client sent, so every attempt counts against some account. */
function typedEmail(body: unknown): string {
  const email = body && typeof body === 'object' && 'email' in body ? (body as { email: unknown }).email : undefined;
  return typeof email === 'string' ? email : '';
}
