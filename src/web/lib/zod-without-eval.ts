/**
 * Zod for the browser (vite.config.ts sends every `zod` import of the web build here). Zod compiles a fast parser
 * for each object schema with `new Function`, after probing whether eval works; our Content-Security-Policy forbids
 * eval, so the probe was refused and reported as a policy violation on every page that builds a schema (Lighthouse's
 * best practices). Without the compiled parsers it never probes; forms parse a handful of fields, where the
 * difference is microseconds. Set as zod loads, before any schema is built. The server keeps the compiled parsers.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
