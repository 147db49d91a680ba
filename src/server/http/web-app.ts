import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { PageRenderer } from './render-page';

export interface WebAppOptions {
  /** dist/web: index.html, the hashed assets and their .br/.gz twins written by scripts/build-web.mjs. */
  webRoot: string;
  production: boolean;
  /** Renders the public pages with their data (render-page.ts); without it every page is the plain shell. */
  renderPage?: PageRenderer | null;
}

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

/** Serves the built web app: static files precompressed at build, and index.html for every client-side route. */
export async function registerWebApp(
  server: FastifyInstance,
  { webRoot, production, renderPage }: WebAppOptions,
): Promise<void> {
  await server.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    // `/` is a page like the others (rendered on the server), not the plain index.html.
    index: false,
    // index.html.br and friends, chosen by Accept-Encoding; a file without a twin is compressed on the fly.
    preCompressed: true,
    // Source maps would hand out the original sources; production builds emit none, and none is served.
    allowedPath: (pathName) => !production || !pathName.endsWith('.map'),
    setHeaders(res, filePath) {
      // Hashed build assets never change; index.html must always be revalidated.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    },
  });
  // Client-side routes: every other GET outside /api serves the app, which renders the page or its 404. A missing
  // asset or source map is a plain 404: a page in its place would be run as a script (a stale chunk after a deploy).
  // A route rather than the not-found handler, so that compression applies to the rendered pages (it hooks routes);
  // the files above and every API route are more specific, and win.
  server.get('/*', async (request, reply) => {
    if (!isClientRoute(request.url)) return reply.callNotFound();
    reply.header('cache-control', REVALIDATE_CACHE);
    // A page is drawn for a visitor when no session cookie came (render-page.ts): a cache keeps one copy per cookie.
    reply.header('vary', 'Cookie');
    // The public pages arrive rendered, with their data; the others (and a page that failed to render) get the
    // shell, and the browser renders them.
    const page = await renderPage?.(new URL(request.url, 'http://localhost'), request.headers.cookie);
    if (page) return reply.status(page.status).type('text/html; charset=utf-8').send(page.html);
    return reply.sendFile('index.html');
  });
  server.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: 'Not found' }));
}

function isClientRoute(url: string): boolean {
  const pathname = url.split('?')[0]!;
  return !/^\/(?:api|files|assets)\//.test(pathname) && !pathname.endsWith('.map');
}
