import type { IncomingMessage } from 'node:http';
import type { TRPCError } from '@trpc/server';
import { getWSConnectionHandler } from '@trpc/server/adapters/ws';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { appRouter } from '../router';
import type { Context } from '../trpc';
import {
  MAX_CALLS_PER_FRAME,
  TOO_MANY_CALLS_CLOSE_CODE,
  TOO_MANY_SOCKETS_REASON,
  type LiveSocket,
  type LiveSockets,
} from './live-sockets';

/** A frame of more calls than a page ever batches; only arrays are looked into (a single call is an object). */
function overBatched(data: unknown): boolean {
  const text = String(data);
  if (!text.startsWith('[')) return false;
  try {
    const calls: unknown = JSON.parse(text);
    return Array.isArray(calls) && calls.length > MAX_CALLS_PER_FRAME;
  } catch {
    return false; // tRPC answers a malformed frame itself
  }
}

/** Closes the socket instead of handing tRPC a frame of too many calls (tRPC listens to 'message' after this). */
function refuseOverBatchedFrames(socket: WebSocket) {
  const emit = socket.emit.bind(socket);
  socket.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event === 'message' && overBatched(args[0])) {
      socket.close(TOO_MANY_CALLS_CLOSE_CODE, 'Too many calls in one message');
      return false;
    }
    return emit(event, ...args);
  }) as WebSocket['emit'];
}

/**
 * tRPC over the WebSocket at `path`, as the Fastify adapter's `useWSS` does, but with each socket registered in
 * `liveSockets` before tRPC sees it: the context is tied to the socket, so the socket can be refused and closed
 * when its session ends, capped in subscriptions, dropped when it stops reading or holds nothing, and counted
 * against its address's and its user's caps.
 */
export function registerTrpcWebSocket(
  server: FastifyInstance,
  path: string,
  {
    liveSockets,
    createContext,
    onError,
  }: {
    liveSockets: LiveSockets;
    createContext(req: IncomingMessage, socket: LiveSocket): Promise<Context>;
    onError(failure: { error: TRPCError; path: string | undefined }): void;
  },
) {
  const onConnection = getWSConnectionHandler({
    wss: server.websocketServer,
    router: appRouter,
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
    createContext: ({ req, res }) => createContext(req, liveSockets.of(res as WebSocket)!),
    onError,
  });
  // request.ip follows TRUST_PROXY, so behind a proxy each client counts on its own.
  const addressOf = (request: FastifyRequest) => request.ip ?? 'unknown';
  server.get(
    path,
    {
      websocket: true,
      // Before the upgrade, so an address over its cap costs no socket: it is answered 429 and the browser retries.
      preValidation: async (request, reply) => {
        if (!liveSockets.admits(addressOf(request))) {
          await reply.code(429).send({ error: TOO_MANY_SOCKETS_REASON });
        }
      },
    },
    (socket, request) => {
      liveSockets.open(socket, addressOf(request));
      refuseOverBatchedFrames(socket);
      onConnection(socket, request.raw);
    },
  );
}
