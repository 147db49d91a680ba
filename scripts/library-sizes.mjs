// The floor under the initial JavaScript (docs/decisions/007-first-paint.md): each library the first screen needs,
// bundled alone with only what the app imports from it, minified, then gzip -9 (docs/decisions/012-react.md).
//   node scripts/library-sizes.mjs
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const LIBRARIES = {
  'react-dom/client + react':
    "import { hydrateRoot, createRoot } from 'react-dom/client'; export default [hydrateRoot, createRoot];",
  'react-router (data router)':
    "import { createBrowserRouter, RouterProvider, Link, useNavigate, useLocation, useParams, useSearchParams, Navigate, Outlet, useRouteError, useNavigation, useMatches, matchRoutes } from 'react-router'; export default [createBrowserRouter, RouterProvider, Link, useNavigate, useLocation, useParams, useSearchParams, Navigate, Outlet, useRouteError, useNavigation, useMatches, matchRoutes];",
  '@tanstack/react-query':
    "import { QueryClient, QueryClientProvider, useQuery, useMutation, hydrate } from '@tanstack/react-query'; export default [QueryClient, QueryClientProvider, useQuery, useMutation, hydrate];",
  'tRPC client + its TanStack Query binding':
    "import { createTRPCClient, httpBatchLink, splitLink } from '@trpc/client'; import { createTRPCContext } from '@trpc/tanstack-react-query'; export default [createTRPCClient, httpBatchLink, splitLink, createTRPCContext];",
  'tailwind-merge': "import { twMerge } from 'tailwind-merge'; export default twMerge;",
};

// Together, each shared dependency (React, the query core) counted once.
const together = Object.values(LIBRARIES)
  .map((contents, i) => contents.replace('export default', `export const all${i} =`))
  .join('\n');

for (const runtime of ['React'])
  for (const [name, contents] of [...Object.entries(LIBRARIES), ['all of them together', together]]) {
    const result = await build({
      stdin: { contents, resolveDir: process.cwd(), loader: 'js' },
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'error',
    });
    const code = result.outputFiles[0].contents;
    const gzip = gzipSync(code, { level: 9 }).length;
    console.log(
      `${runtime.padEnd(7)} ${name.replace('react-dom/client + react', 'the runtime (hydrateRoot, createRoot)').padEnd(42)} ${(code.length / 1024).toFixed(1).padStart(7)} KB raw ${(gzip / 1024).toFixed(1).padStart(6)} KB gzip`,
    );
  }
