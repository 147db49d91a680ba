import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import websocket from '@fastify/websocket';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { containsNulCharacter, NUL_CHARACTER_MESSAGE } from '../domain/text';
import { createAuth, type Auth } from './auth/auth';
import type { Config } from './config';
import type { Db } from './db/database';
import { registerAuthRoutes, toFetchHeaders } from './http/auth-bridge';
import { registerCompression } from './http/compression';
import { registerFileRoutes } from './http/file-routes';
import { registerListingRoutes } from './http/listing-routes';
import { registerNewsletterRoute } from './http/newsletter-route';
import { registerUnsubscribeRoute } from './http/unsubscribe-route';
import { registerPaymentWebhook } from './http/payment-webhook-route';
import { createPaymentProvider } from './payments/create-payment-provider';
import type { PaymentProvider } from './payments/payment-provider';
import type { TestModeProvider } from './payments/test-mode-provider';
import { processPaymentEvent } from './features/payments/process-payment-event';
import { createListings } from './features/listings/listings';
import { registerUploadRoutes } from './http/upload-routes';
import { registerWebApp } from './http/web-app';
import { createPageRenderer } from './http/render-page';
import { inlineScriptSources } from './http/inline-scripts';
import { requestListingSchema, serviceListingSchema } from '../domain/listing-schemas';
import { createLocalBlobStore } from './files/blob-store';
import { withdrawPresence } from './features/presence/withdraw-presence';
import type { EventBus } from './realtime/event-bus';
import { appRouter, type AppRouter } from './router';
import { createDomainEvents, type DomainEvents } from './events/domain-events';
import { durableHandlers, liveListeners } from './wiring';
import { createSessionCache } from './auth/session-cache';
import { createContext, createMutationLimiter, type MutationLimiter, type TRPCError } from './trpc';
import { createLiveSockets } from './realtime/live-sockets';
import { registerTrpcWebSocket } from './realtime/trpc-websocket';
import { loggerOptions } from './http/logger-options';

export interface AppDeps {
  config: Config;
  db: Db;
  bus: EventBus;
  /** The built web app (index.html and assets); absent in API-only tests. */
  webRoot?: string;
  /** The server renderer of the public pages; the web build's ../ssr/entry-server.js beside webRoot by default. */
  ssrEntry?: string;
  /** Where uploads are kept; DATA_DIR/uploads by default. */
  uploadsDir?: string;
  logger?: boolean;
  /** Per-user mutation limits; a test that fuzzes thousands of calls as one user replaces them. */
  mutationLimiter?: MutationLimiter;
}

export interface App {
  server: FastifyInstance;
  auth: Auth;
  payments: PaymentProvider;
  /** Domain events: what use cases record, announced after commit and handled by the durable handlers. */
  events: DomainEvents;
}

/** Set by scripts/build-server.mjs: false in the production bundle; undefined when run from source (tests, dev). */
declare const SKILLNEST_TEST_ROUTES: boolean | undefined;

/** Fastify takes a hop count too (its types omit it): trust the nearest N proxies. */
function trustProxyOption(
  trust: Config['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** JSON bodies are small; uploads have their own routes and limits. */
const BODY_LIMIT_BYTES = 1024 * 1024;

export async function createApp({
  config,
  db,
  bus,
  webRoot,
  ssrEntry,
  uploadsDir,
  logger = true,
  mutationLimiter,
}: AppDeps): Promise<App> {
  const server = Fastify({
    ...loggerOptions(config.NODE_ENV, logger),
    bodyLimit: BODY_LIMIT_BYTES,
    // Forwarded addresses count only from the proxies TRUST_PROXY names (off by default): the limits key on request.ip.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Live subscriptions hold connections open; shutdown must not wait for them.
    forceCloseConnections: true,
    // tRPC batches name every procedure in one path segment ("a.b,c.d,..."); the router's default of 100
    // characters answered 414 to a page refreshing six queries at once (tRPC's Fastify adapter asks for 5000).
    routerOptions: { maxParamLength: 5000 },
  });
  const events = createDomainEvents({ db, handlers: durableHandlers, live: liveListeners(bus), log: server.log });
  await events.start();
  // Before the database closes: stop() waits for the handler batch in progress to commit.
  server.addHook('onClose', async () => events.stop());
  const auth = createAuth({ db, config, bus, events, log: server.log });
  const files = createLocalBlobStore(uploadsDir ?? path.join(config.DATA_DIR, 'uploads'));
  const listings = createListings(db, bus);
  const payments = createPaymentProvider(config, db);
  // Test mode reports what "Stripe" did through the same verified webhook path real events take.
  if (payments.mode === 'test') {
    (payments as TestModeProvider).connectWebhook((payload, signature) =>
      processPaymentEvent({ db, bus, events, payments }, null, payments.verifyWebhook(payload, signature)),
    );
  }
  const selfUrl = () => {
    const address = server.addresses()[0];
    if (!address || typeof address === 'string') return config.PUBLIC_URL;
    const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address;
    return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  };
  server.addHook('onClose', async () => listings.close());

  const template = webRoot ? path.join(webRoot, 'index.html') : null;
  const hasWebApp = template !== null && existsSync(template);
  await server.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // Avatars and service images may be external URLs entered by users (https only).
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        // Stripe.js and its card frames, used only when real Stripe keys are configured.
        // The theme script inlined into index.html, by its hash.
        'script-src': [
          "'self'",
          'https://js.stripe.com',
          ...(hasWebApp ? inlineScriptSources(readFileSync(template, 'utf8')) : []),
        ],
        'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
        'connect-src': ["'self'", 'https://api.stripe.com'],
        'upgrade-insecure-requests': config.secureCookies ? [] : null,
      },
    },
    hsts: config.secureCookies,
    crossOriginEmbedderPolicy: false,
  });
  // Before any route: only routes registered after it are compressed.
  await registerCompression(server);

  // No stack traces or SQL ever reach a client.
  server.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    reply.status(status).send({ error: status >= 500 ? 'An unexpected error occurred.' : error.message });
  });

  // PostgreSQL text cannot hold U+0000: every route refuses it in a query or JSON body (tRPC inputs are checked again
  // after their JSON is parsed, trpc.ts), instead of failing in SQL.
  server.addHook('preValidation', async (request, reply) => {
    if (containsNulCharacter(request.query) || containsNulCharacter(request.body)) {
      return reply.status(400).send({ error: NUL_CHARACTER_MESSAGE, message: NUL_CHARACTER_MESSAGE });
    }
  });

  server.get('/api/health', async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok', database: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'error', database: 'unreachable' });
    }
  });

  registerAuthRoutes(server, auth, config.PUBLIC_URL);
  registerListingRoutes(server, listings);
  await registerNewsletterRoute(server, db);
  await registerUnsubscribeRoute(server, { db, config });
  await registerPaymentWebhook(server, { db, bus, events, payments });
  await registerUploadRoutes(server, { auth, db, files, events });
  await registerFileRoutes(server, files.root);

  // The page is closing: navigator.sendBeacon cannot call tRPC, so presence is withdrawn on a plain route.
  server.post('/api/presence/leave', async (request, reply) => {
    const session = await auth.api.getSession({ headers: toFetchHeaders(request) });
    if (session) await withdrawPresence({ db, bus }, session.user);
    return reply.status(204).send();
  });
  // The production bundle defines SKILLNEST_TEST_ROUTES as false, so esbuild drops this branch and the route's module.
  if (config.NODE_ENV === 'test' && (typeof SKILLNEST_TEST_ROUTES === 'undefined' || SKILLNEST_TEST_ROUTES)) {
    const { registerTestRoutes } = await import('./http/test-routes');
    registerTestRoutes(server, auth, db);
  }

  // Live subscriptions share one WebSocket per tab: event streams over HTTP/1.1 would each hold one of the
  // browser's six connections to the site, and a few tabs would starve ordinary requests.
  await server.register(websocket, { options: { maxPayload: BODY_LIMIT_BYTES } });
  const liveSockets = createLiveSockets({ db, bus, log: (err) => server.log.error({ err }, 'live sockets') });
  server.addHook('onClose', async () => liveSockets.close());
  const sessions = createSessionCache(bus);
  server.addHook('onClose', async () => sessions.close());
  const contextDeps = {
    ...{ db, config, bus, auth, files, listings, payments, selfUrl, sessions, events },
    sessionCookieName: (await auth.$context).authCookies.sessionToken.name,
    mutationLimiter: mutationLimiter ?? createMutationLimiter(),
  };
  const onTrpcError = ({ error, path }: { error: TRPCError; path: string | undefined }) => {
    if (error.code === 'INTERNAL_SERVER_ERROR') server.log.error({ err: error, path }, 'tRPC error');
  };
  await server.register(fastifyTRPCPlugin, {
    prefix: '/api/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => createContext(contextDeps, toFetchHeaders(req)),
      onError: onTrpcError,
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
  registerTrpcWebSocket(server, '/api/trpc', {
    liveSockets,
    createContext: (req, socket) => createContext(contextDeps, toFetchHeaders(req), socket),
    onError: onTrpcError,
  });

  if (webRoot && hasWebApp) {
    // Pages are rendered as a visitor sees them: no cookie reaches their queries, so nothing private is in the HTML.
    const renderPage = await createPageRenderer({
      entry: ssrEntry ?? path.join(webRoot, '..', 'ssr', 'entry-server.js'),
      template,
      log: server.log,
      sessionCookieName: contextDeps.sessionCookieName,
      data: {
        router: appRouter,
        createContext: () => createContext(contextDeps, new Headers()),
        // The same schemas and cache as the listing routes: filters from an address are checked like any input.
        async listing(kind, filters) {
          if (kind === 'services') {
            const parsed = serviceListingSchema.safeParse(filters);
            return parsed.success ? (await listings.services(parsed.data)).page : null;
          }
          const parsed = requestListingSchema.safeParse(filters);
          return parsed.success ? (await listings.requests(parsed.data)).page : null;
        },
        publicUrl: config.PUBLIC_URL,
      },
    });
    await registerWebApp(server, { webRoot, production: config.NODE_ENV === 'production', renderPage });
  }

  return { server, auth, payments, events };
}
