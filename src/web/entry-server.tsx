// The server's renderer of the public pages (first paint: docs/decisions/007-first-paint.md). Built by
// scripts/build-web.mjs with Vite's SSR build into dist/ssr and called by src/server/http/render-page.ts, which hands
// it the server's own data: nothing here goes over HTTP.
import { canonicalUrl } from './app/canonical-url';
import { dehydrate, defaultShouldDehydrateQuery, type Query, type QueryClient } from '@tanstack/react-query';
import type { AnyTRPCRouter } from '@trpc/server';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { ReactNode } from 'react';
import { readFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { SERVICE_CATEGORIES } from '../domain/categories';
import { LANDING_SERVICES_FETCHED } from '../domain/landing';
import { serviceFiltersFromAddress } from '../domain/listing-filters';
import type { AppRouter } from '../server/router';
import { Providers } from './app/providers';
import { lazyModuleKey } from './app/lazy-module-keys';
import { RENDERED_PARTS, renderedParts } from './app/rendered-parts';
import type { RouteHandle } from './app/route-handle';
import { routes } from './app/routes';
import { SITE_TITLE } from './app/document-title';
import { keepServerErrors, serializeSsrState, type SsrState } from './app/ssr-state';
import { createQueryClient } from './lib/trpc';
import { listingKey } from './lib/listings';

/** What the renderer knows of the one request (render-page.ts, which states it again). */
export interface PageRequest {
  /** No session cookie came with the request: whoever asked is a visitor, for certain. */
  visitor: boolean;
}

/** What the server lends the renderer: its data, read as a visitor (no session), never over HTTP. */
export interface ServerData {
  /** The tRPC router and a visitor's context: queries resolve as `/api/trpc` would answer a visitor. */
  router: AnyTRPCRouter;
  createContext(): Promise<object>;
  /** A listing's first page as its GET route answers it; null when the filters are not valid. */
  listing(kind: 'services' | 'requests', filters: Record<string, unknown>): Promise<unknown>;
  /** The site's address, for og:url and absolute image addresses. */
  publicUrl: string;
}

/**
 * A rendered page: its status, the head tags, the HTML of #root with the state the browser hydrates from, and the
 * scripts of its lazy parts for the head to name (beyond index.html's own).
 */
export interface RenderedPage {
  status: number;
  head: PageHead;
  html: string;
  state: string;
  preload: string[];
}

export interface PageHead {
  title: string;
  description: string;
  url: string;
  type: 'website' | 'product';
  image?: string;
}

const SITE_DESCRIPTION = 'A marketplace where students and young entrepreneurs offer and hire skills.';

const handler = createStaticHandler(routes);

/** What the page found (and what it found missing, an unknown service, so the browser shows the same). */
const isHandedOver = (query: Query) => defaultShouldDehydrateQuery(query) || query.state.status === 'error';

/**
 * The lazy parts a rendered page shows, loaded once before the first render: one that suspends is rendered again,
 * which moves the page's useId count on, and the browser (which preloads them, main.tsx) would hydrate other ids.
 */
const partsLoaded = Promise.all(RENDERED_PARTS.map((part) => part.preload())).catch(
  // A part that cannot load here still renders through its suspense (render-page.ts times a render out).
  () => undefined,
);

/**
 * The scripts each lazy module needs beyond index.html's, written beside this file by scripts/build-web.mjs (none
 * when this renderer was built without it): a page names those of what it drew.
 */
const lazyChunks = ((): { modules: Record<string, string>; chunks: Record<string, string[]> } => {
  try {
    return JSON.parse(readFileSync(new URL('./lazy-chunks.json', import.meta.url), 'utf8')) as typeof lazyChunks;
  } catch {
    return { modules: {}, chunks: {} };
  }
})();

/**
 * The scripts of the lazy route modules and parts a page drew, its own first: named in the page, the browser fetches
 * them as it reads the HTML, and Vite's loader, finding them there, adds no tag of its own while the app starts.
 */
async function scriptsDrawn(pathname: string, components: unknown[]): Promise<string[]> {
  const parts = await Promise.all(renderedParts(pathname).map((part) => part.preload().catch(() => null)));
  const scripts = new Set<string>();
  for (const drawn of [...components, ...parts]) {
    const key = lazyModuleKey(drawn);
    const chunk = key && lazyChunks.modules[key];
    for (const script of (chunk && lazyChunks.chunks[chunk]) || []) scripts.add(script);
  }
  return [...scripts];
}

/**
 * Renders a public page (a route marked `beforeSession`); null for any other, which keeps the plain shell. The
 * queries the page renders first are filled from the server's data before rendering, under the keys the web uses,
 * and handed to the browser, which hydrates with them: no loading state, no second request.
 */
export async function render(
  url: URL,
  data: ServerData,
  signal: AbortSignal,
  { visitor }: PageRequest = { visitor: false },
): Promise<RenderedPage | null> {
  await partsLoaded;
  const context = await handler.query(new Request(url, { signal }));
  if (context instanceof Response) return null;
  const leaf = context.matches.at(-1);
  if (!leaf || !(leaf.route.handle as RouteHandle | undefined)?.beforeSession) return null;

  const queryClient = createQueryClient();
  // Without a session cookie nobody is signed in: the page is drawn for a visitor from the start (Log In and Sign Up
  // in the bar, not a gap they pop into), and the browser need not ask who it is. With one, it asks, as before.
  if (visitor) queryClient.setQueryData(trpcOn(data, queryClient).accounts.me.queryKey(), null);
  const page = await prefetch(leaf.route.path ?? '', leaf.params, url.searchParams, queryClient, data);
  const router = createStaticRouter(handler.dataRoutes, context);
  keepServerErrors(queryClient, dehydrate(queryClient, { shouldDehydrateQuery: isHandedOver }));
  const html = await renderDocumentBody(
    <Providers queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>,
    signal,
  );
  // After rendering: what the render itself put in the cache (the landing page's layout seed) is handed over too.
  const queries = dehydrate(queryClient, { shouldDehydrateQuery: isHandedOver });
  for (const query of queries.queries) {
    // An error's details stay on the server; the page only shows that it failed.
    if (query.state.error) query.state.error = { name: 'Error', message: 'Not found' } as never;
    query.state.fetchFailureReason = null;
  }
  const state: SsrState = {
    queries,
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
  };
  const heading = firstHeading(html);
  return {
    status: page.status ?? 200,
    html,
    state: serializeSsrState(state),
    // A lazy route's Component is drawn as an element by then (react-router's mapRouteProperties).
    preload: await scriptsDrawn(
      url.pathname,
      context.matches.map(({ route }) => route.Component ?? (route.element as { type?: unknown } | null)?.type),
    ),
    head: {
      title: leaf.route.path === '/' || !heading ? SITE_TITLE : `${heading} · SkillNest`,
      description: page.description ?? pageIntro(html) ?? SITE_DESCRIPTION,
      url: canonicalUrl(url, data.publicUrl),
      type: page.type ?? 'website',
      image: page.image && new URL(page.image, data.publicUrl).href,
    },
  };
}

interface PrefetchedPage {
  status?: number;
  description?: string;
  type?: PageHead['type'];
  image?: string;
}

/** The app's queries, answered by the server's router in a visitor's context, under the keys the web uses. */
function trpcOn(data: ServerData, queryClient: QueryClient) {
  return createTRPCOptionsProxy<AppRouter>({
    router: data.router as AppRouter,
    ctx: data.createContext as never,
    queryClient,
  });
}

/** The queries each public page renders first, filled from the server's data; what the page's head says. */
async function prefetch(
  path: string,
  params: Record<string, string | undefined>,
  search: URLSearchParams,
  queryClient: QueryClient,
  data: ServerData,
): Promise<PrefetchedPage> {
  const listing = async (kind: 'services' | 'requests', filters: Record<string, unknown>) => {
    const first = await data.listing(kind, filters);
    if (first) queryClient.setQueryData([...listingKey(kind), filters], { pages: [first], pageParams: [null] });
  };
  const category = (id: string | undefined) => SERVICE_CATEGORIES.find((c) => c.id === id);
  switch (path) {
    case '/':
      await listing('services', { search: '', price: 'any', method: 'any', limit: LANDING_SERVICES_FETCHED });
      return {};
    case '/discover-services':
      await listing('services', serviceFiltersFromAddress(search));
      return {};
    case '/category/:categoryId': {
      const found = category(params.categoryId);
      if (!found) return { status: 404 };
      await listing('services', { ...serviceFiltersFromAddress(search), categoryId: found.id });
      return { description: found.description };
    }
    case '/requests':
    case '/requests/category/:categoryId': {
      const filters = serviceFiltersFromAddress(search);
      const categoryId = params.categoryId ?? filters.categoryId;
      await listing('requests', { search: filters.search, categoryId: categoryId ?? null, price: filters.price });
      return { description: category(categoryId ?? undefined)?.description };
    }
    case '/services/:id': {
      const trpc = trpcOn(data, queryClient);
      try {
        const service = await queryClient.fetchQuery({
          ...trpc.services.get.queryOptions({ id: params.id ?? '' }),
          retry: false,
        });
        return { type: 'product', description: summary(service.description), image: service.imageUrl ?? undefined };
      } catch {
        return { status: 404 };
      }
    }
    case '*':
      // An address that is no page answers 404 (search engines keep no "soft" not-found page), drawn as the app does.
      return { status: 404 };
    default:
      return {};
  }
}

const DESCRIPTION_MAX = 160;

function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

/** The page's first heading as text: the browser names the tab after it too (document-title.tsx). */
function firstHeading(html: string): string | null {
  return textOf(/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]);
}

/** The line under a page's heading that says what it is for (`data-page-intro`): the page's description. */
function pageIntro(html: string): string | null {
  const text = textOf(/<p\b[^>]*\bdata-page-intro\b[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1]);
  return text && summary(text);
}

/** The words of an element's inner HTML, tags gone and entities read, on one line. */
function textOf(inner: string | undefined): string | null {
  if (!inner) return null;
  const text = inner
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x?[0-9a-f]+|amp|lt|gt|quot|nbsp);/gi, (_, entity: string) => decodeEntity(entity))
    .replace(/\s+/g, ' ')
    .trim();
  return text || null;
}

function decodeEntity(entity: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ' };
  if (entity[0] !== '#') return named[entity.toLowerCase()] ?? '';
  const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
  return String.fromCodePoint(code);
}

/**
 * The whole page, lazy parts included (the landing page's provider cards, the top bar's tooltips), as one string with
 * no inline script (the Content-Security-Policy runs none). The parts are loaded before the first render, so React's
 * synchronous renderer draws them all: 12 ms for a listing against ~50 for a prerender that waits on a stream
 * (docs/decisions/012-react.md). Should a part still suspend (a boundary the renderer left for the browser, `<!--$!`),
 * the page is rendered again by `prerender`, which waits for it, so the browser never shows a fallback in its place.
 * A part that cannot render here (it needs a browser) rejects, and the page is served plain (render-page.ts).
 */
async function renderDocumentBody(element: ReactNode, signal: AbortSignal): Promise<string> {
  const html = renderToString(element);
  if (!html.includes('<!--$!')) return html;
  const { prelude } = await prerenderToNodeStream(element, {
    signal,
    // Every boundary inline, none outlined to be revealed by an inline script.
    progressiveChunkSize: Infinity,
  });
  let complete = '';
  for await (const chunk of prelude) complete += (chunk as Buffer).toString();
  return complete;
}
