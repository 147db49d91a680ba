// Runs the TypeScript worker when the server runs from source (tests, tsx scripts); the build bundles it.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
