import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Text only: pages, scripts, styles, JSON, SVG. Uploads (images, video) are already compressed and are never
 * octet-stream here, and an event stream must reach the client as it is written, not when a compressor flushes.
 */
export const COMPRESSIBLE_TYPES =
  /^text\/(?!event-stream)|^application\/(?:[\w.-]+\+)?(?:json|javascript|xml)(?:;|$)|^image\/svg\+xml(?:;|$)/;

/**
 * Brotli (or gzip for older clients) on every text response a route sends, API JSON included; responses that
 * already carry a Content-Encoding (the static files precompressed at build) pass through untouched. Routes
 * registered before this runs are not compressed, so it is registered first.
 */
export async function registerCompression(server: FastifyInstance): Promise<void> {
  await server.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
    // Small bodies gain less than the framing costs.
    threshold: 1024,
  });
}
