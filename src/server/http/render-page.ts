import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { AnyTRPCRouter } from '@trpc/server';
import type { FastifyBaseLogger } from 'fastify';
import { cookieValues } from '../auth/cookie-values';

/**
 * The contract of the web build's dist/ssr/entry-server.js (src/web/entry-server.tsx, which states it again: the
 * server never imports the web app, so the two are kept equal by hand and checked by tests/e2e/first-paint.spec.ts).
 */
export interface ServerData {
  router: AnyTRPCRouter;
  createContext(): Promise<object>;
  listing(kind: 'services' | 'requests', filters: Record<string, unknown>): Promise<unknown>;
  publicUrl: string;
}

export interface RenderedPage {
  status: number;
  head: { title: string; description: string; url: string; type: string; image?: string };
  html: string;
  state: string;
  /** Addresses of the page's own scripts beyond the template's (its route's and lazy parts'). */
  preload?: string[];
}

/**
 * How long a page may take to render before the plain shell is sent instead: the browser then renders it, as it
 * did before server rendering. Far above a normal render (a few milliseconds), well below a visitor's patience.
 */
export const RENDER_TIMEOUT_MS = 2_000;

export interface PageRendererOptions {
  /** dist/ssr/entry-server.js */
  entry: string;
  /** dist/web/index.html: the template, with the build's script and style tags. */
  template: string;
  data: ServerData;
  log: FastifyBaseLogger;
  /** The name of better-auth's session cookie. */
  sessionCookieName: string;
  timeoutMs?: number;
}

/**
 * Renders a public page into the app's HTML; null means "send the plain shell" (not a public page, or a failure).
 * `cookie` is the request's Cookie header: only whether it carries a session cookie is read.
 */
export type PageRenderer = (url: URL, cookie?: string) => Promise<{ status: number; html: string } | null>;

/** What the renderer knows of the one request: nothing of a user, only whether one may be signed in. */
export interface PageRequest {
  /** No session cookie came with the request: whoever asked is a visitor, for certain. */
  visitor: boolean;
}

interface EntryModule {
  render(url: URL, data: ServerData, signal: AbortSignal, request: PageRequest): Promise<RenderedPage | null>;
}

/** The renderer of the public pages, or null when this build has none (API-only tests, a web build without it). */
export async function createPageRenderer({
  entry,
  template: templatePath,
  data,
  log,
  sessionCookieName,
  timeoutMs = RENDER_TIMEOUT_MS,
}: PageRendererOptions): Promise<PageRenderer | null> {
  if (!existsSync(entry) || !existsSync(templatePath)) return null;
  const { render } = (await import(pathToFileURL(entry).href)) as EntryModule;
  const template = readFileSync(templatePath, 'utf8');
  return async (url, cookie) => {
    const signal = AbortSignal.timeout(timeoutMs);
    const request = { visitor: cookieValues(cookie, sessionCookieName).length === 0 };
    try {
      const page = await Promise.race([render(url, data, signal, request), aborted(signal)]);
      return page && { status: page.status, html: fillTemplate(template, page) };
    } catch (error) {
      // A public page must never answer 500 for its own rendering: the browser renders it from the shell.
      log.error({ err: error, url: url.pathname }, signal.aborted ? 'page render timed out' : 'page render failed');
      return null;
    }
  };
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page's head tags and body in the template; everything else (scripts, styles) stays as the build made it. */
export function fillTemplate(template: string, page: RenderedPage): string {
  const { head } = page;
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:type', head.type),
    meta('property', 'og:url', head.url),
    meta('property', 'og:site_name', 'SkillNest'),
    ...(head.image ? [meta('property', 'og:image', head.image)] : []),
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    // Low priority like the template's own (scripts/inline-first-paint.mjs): the page paints without them.
    ...(page.preload ?? [])
      .filter((href) => href.startsWith('/assets/'))
      .map((href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${escapeHtml(href)}" />`),
  ];
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta name="description"[^>]*>/, () => meta('name', 'description', head.description))
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div>\n    ` +
        `<script type="application/json" id="__SKILLNEST_STATE__">${page.state}</script>`,
    );
}
