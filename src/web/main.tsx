import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { NewsletterForm } from './app/footer';
import { Tooltip } from './app/lazy-tooltip';
import { Providers } from './app/providers';
import { LandingProviders } from './features/site/landing-page';
import { resolveInitialLazyRoutes } from './app/initial-routes';
import { routes } from './app/routes';
import { keepServerErrors, readSsrState, type SsrState } from './app/ssr-state';
import { createQueryClient } from './lib/trpc';
import './styles.css';

/**
 * The lazy parts a rendered page shows at once (the footer's form, the top bar's tooltips, the landing page's
 * provider cards), loaded before hydrating: a part whose code is still on its way when the page first updates (the
 * session arrives) would be replaced by its fallback until the code comes, a flash of missing content.
 */
function loadRenderedParts(pathname: string) {
  return Promise.all([
    NewsletterForm.preload(),
    Tooltip.preload(),
    ...(pathname === '/' ? [LandingProviders.preload()] : []),
  ]);
}

/**
 * A rendered page's buttons do nothing until the app takes over the HTML (its code is still loading): a press
 * meanwhile (a visitor tapping Request on a slow network) is held and given to the app once it has started, which
 * hydrates that part at once to handle it. Links and form fields work without the app and are left alone.
 */
function holdEarlyPresses(): () => void {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(button);
  };
  document.addEventListener('click', hold, true);
  // From the first paint the loader in index.html held them (scripts/inline-first-paint.mjs); this takes over.
  held.unshift(...takeLoaderPresses());
  return () => {
    document.removeEventListener('click', hold, true);
    for (const button of held) if (button.isConnected) button.click();
  };
}

function start(ssr: SsrState | null) {
  // A public page arrives rendered by the server (entry-server.tsx) with the data it rendered: the app takes over
  // that HTML in place with the same data, so the first render matches it and nothing is fetched again.
  const router = createBrowserRouter(routes, ssr ? { hydrationData: ssr.router } : undefined);
  const queryClient = createQueryClient();
  if (ssr) {
    hydrate(queryClient, ssr.queries);
    keepServerErrors(queryClient, ssr.queries);
  }
  const app = (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  const root = document.getElementById('root')!;
  if (ssr) hydrateRoot(root, app);
  else createRoot(root).render(app);
  releaseEarlyPresses?.();
}

/** The presses index.html's loader held before this ran; it stops holding. */
function takeLoaderPresses(): HTMLElement[] {
  const loader = (window as { __skillnestEarlyPresses?: { release(): HTMLElement[] } }).__skillnestEarlyPresses;
  return loader?.release() ?? [];
}

const ssr = readSsrState();
const releaseEarlyPresses = ssr ? holdEarlyPresses() : null;
// A page the browser renders itself had no button to press before now.
if (!ssr) takeLoaderPresses();
// Should a chunk fail to load, the router tries again itself and shows its error page (a part, its fallback).
void Promise.all([
  resolveInitialLazyRoutes(routes, window.location),
  ssr ? loadRenderedParts(window.location.pathname) : null,
])
  .catch(() => undefined)
  .then(() => start(ssr));
