import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Spec: avatars are cached for an hour; file names are unique per upload, so this is safe for all of them. */
const FILE_CACHE_SECONDS = 3600;

/** Serves uploads under /files/ with safe headers: never sniffed, never run as a page. */
export async function registerFileRoutes(app: FastifyInstance, root: string) {
  // A fresh data directory has no uploads yet; the static plugin warns on a missing root.
  await mkdir(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/files/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    setHeaders(reply) {
      reply.header('cache-control', `public, max-age=${FILE_CACHE_SECONDS}`);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
    },
  });
}
