import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the lazy route modules the first page needs before the router starts, as react-router's "Lazy loading with
 * SSR" guide does: the router then renders the page at once instead of an empty fallback (and warns no more about a
 * missing HydrateFallback). Later navigations load their routes lazily as before.
 */
export async function resolveInitialLazyRoutes(routes: RouteObject[], location: string | Partial<Location>) {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
