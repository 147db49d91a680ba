import type { IncomingMessage } from 'node:http';
import type { TRPCError } from '@trpc/server';
import { getWSConnectionHandler } from '@trpc/server/adapters/ws';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { appRouter } from '../router';
import type { Context } from '../trpc';
import type { LiveSocket, LiveSockets } from './live-sockets';

/**
 * tRPC over the WebSocket at `path`, as the Fastify adapter's `useWSS` does, but with each socket registered in
 * `liveSockets` before tRPC sees it: the context is tied to the socket, so the socket can be refused and closed
 * when its session ends, capped in subscriptions, and dropped when it stops reading.
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
  server.get(path, { websocket: true }, (socket, request) => {
    liveSockets.open(socket);
    onConnection(socket, request.raw);
  });
}
