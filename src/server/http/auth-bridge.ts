import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth';

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
  // The rate limiter keys on this; set from the connection, never from the client.
  const ip = 'ip' in request ? request.ip : request.socket?.remoteAddress;
  headers.set('x-client-ip', ip ?? 'unknown');
  return headers;
}

/** Mounts better-auth's handler under /api/auth, forwarding every Set-Cookie it returns. */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth, publicUrl: string): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request, reply) {
      const url = new URL(request.url, publicUrl);
      const hasBody = request.method !== 'GET' && request.body !== undefined;
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: toFetchHeaders(request),
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
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
