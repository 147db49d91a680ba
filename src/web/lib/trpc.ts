import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, splitLink, type Operation, type TRPCLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import { SESSION_ENDED_CLOSE_CODE, SOCKET_CALLS } from '../../domain/live-session';
import type { AppRouter } from '../../server/router';
import type * as SocketModule from '@trpc/client/links/wsLink/wsLink';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
    },
  });
}

/** Dispatched on window when the server closed this tab's socket because its session ended. */
export const SESSION_ENDED_EVENT = 'skillnest:session-ended';

type WsClient = ReturnType<typeof SocketModule.createWSClient>;

/** The tab's socket client, once the first subscription has loaded it. */
let wsClient: WsClient | null = null;
let socketLink: Promise<TRPCLink<AppRouter>> | null = null;

/**
 * Every live subscription of a tab shares one WebSocket (event streams would each hold one of the browser's six
 * HTTP connections to the site). The handshake carries the session cookie; after a reconnect, subscriptions
 * resume from their last event id. Its code loads with the first subscription: a visitor's first page has none.
 */
function loadSocketLink(): Promise<TRPCLink<AppRouter>> {
  socketLink ??= import('@trpc/client/links/wsLink/wsLink').then(({ createWSClient, wsLink }) => {
    wsClient = createWSClient({
      url: () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/trpc`,
      keepAlive: { enabled: true, intervalMs: 25_000, pongTimeoutMs: 5_000 },
      lazy: { enabled: true, closeMs: 10_000 },
      onClose: (cause) => {
        if (cause?.code === SESSION_ENDED_CLOSE_CODE) window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
      },
    });
    return wsLink<AppRouter>({ client: wsClient });
  });
  return socketLink;
}

/** The socket link, loaded on its first operation; operations meanwhile wait for it. */
const lazySocketLink: TRPCLink<AppRouter> = (runtime) => {
  let ready: Promise<ReturnType<TRPCLink<AppRouter>>> | null = null;
  return ({ op }: { op: Operation }) =>
    observable((observer) => {
      let subscription: Unsubscribable | null = null;
      let stopped = false;
      ready ??= loadSocketLink().then((link) => link(runtime));
      ready.then(
        (operationLink) => {
          if (stopped) return;
          subscription = operationLink({ op, next: () => observable(() => undefined) }).subscribe(observer);
        },
        (error: unknown) => observer.error(error as never),
      );
      return () => {
        stopped = true;
        subscription?.unsubscribe();
      };
    });
};

/**
 * The socket's session is the one it connected with: after sign-in or sign-out, reconnect so the server sees the
 * current cookie (open subscriptions are re-established by the client).
 */
export function reconnectRealtime(): void {
  const connection = wsClient?.connection;
  if (connection && connection.state !== 'closed') connection.ws.close();
}

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        // Should the socket close with a call in flight, the call fails (a message stays in the composer).
        condition: (op) =>
          op.type === 'subscription' || (SOCKET_CALLS.has(op.path) && wsClient?.connection?.state === 'open'),
        true: lazySocketLink,
        // Long batches are split rather than sent as one over-long URL.
        false: httpBatchLink({ url: '/api/trpc', maxURLLength: 4000 }),
      }),
    ],
  });
}
