import { hydrate, notifyManager } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { renderedParts } from './app/rendered-parts';
import { resolveInitialLazyRoutes } from './app/initial-routes';
import { routes } from './app/routes';
import { keepServerErrors, readSsrState, type SsrState } from './app/ssr-state';
import { cn } from './lib/cn';
import { hydratePage, inNextTask } from './lib/hydrate-later';
import { createQueryClient } from './lib/trpc';
import './styles.css';

/**
 * The lazy parts a rendered page shows, loaded before hydrating: a part whose code is still on its way when the page
 * first updates (the session arrives) would be replaced by its fallback until the code comes, a flash of missing
 * content.
 */
function loadRenderedParts(pathname: string) {
  return Promise.all(renderedParts(pathname).map((part) => part.preload()));
}

declare global {
  interface Window {
    /** The presses held since the first paint by the page's head (public/early-presses.js). */
    earlyPresses?: { held: HTMLElement[]; stop(): void; started: boolean };
  }
}

/** Stops holding presses and gives back those held: each to its button, or to the one that replaced it. */
function releaseEarlyPresses() {
  const early = window.earlyPresses;
  if (!early) return;
  early.stop();
  for (const button of early.held) replacementOf(button)?.click();
}

/**
 * The button to press again: the same one, or, when hydrating replaced it (the theme button's server version), the
 * one that took its place under the same `data-press` name.
 */
function replacementOf(button: HTMLElement): HTMLElement | null {
  if (button.isConnected) return button;
  const name = button.dataset.press;
  return name ? document.querySelector<HTMLElement>(`[data-press="${CSS.escape(name)}"]`) : null;
}

/** Runs once the app has taken over the page (Providers marks it), so a held press reaches a live button. */
function whenHydrated(run: () => void) {
  const root = document.documentElement;
  if (root.dataset.hydrated) return run();
  const observer = new MutationObserver(() => {
    if (!root.dataset.hydrated) return;
    observer.disconnect();
    run();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
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
  if (ssr) {
    // Hydration in a task of its own; React hydrates the held parts after its first pass (lib/hydrate-later.tsx), in
    // slices that keep the page answering.
    inNextTask(() => hydratePage(() => hydrateRoot(root, app)));
  } else createRoot(root).render(app);
  whenHydrated(() => {
    sameTaskNotifications();
    if (ssr) releaseEarlyPresses();
  });
}

/**
 * From now on a change (a mutation now pending, an answer in) reaches the components in the same task, not in a
 * timer after it (TanStack Query's default): a button disabled while its action is pending was still enabled for the
 * second click of a double tap, which sent the action twice and showed its refusal beside its success. Not while the
 * app takes the page over: the timer splits that work into short tasks (the queries' first answers re-render in
 * tasks of their own), and no button can be pressed before it ends (early presses are held until then).
 */
function sameTaskNotifications() {
  notifyManager.setScheduler(queueMicrotask);
}

/**
 * Resolves once the browser has painted what it has (or after 100 ms): a rendered page is on screen before
 * hydration starts, so the visitor reads it while the app takes over.
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    // A tab opened in the background draws no frame until it is shown; it still comes alive.
    setTimeout(resolve, 100);
  });
}

/** Resolves in a task of its own: what comes after it does not lengthen the task before. */
const nextTask = () => new Promise<void>((resolve) => inNextTask(resolve));

async function startInSteps(ssr: SsrState | null) {
  // Not in the task that evaluated the app's modules: matching the address against the routes is 50 ms on a phone.
  await nextTask();
  // Should a chunk fail to load, the router tries again itself and shows its error page (a part, its fallback).
  await Promise.all([
    resolveInitialLazyRoutes(routes, window.location),
    ssr ? loadRenderedParts(window.location.pathname) : null,
    ssr ? afterNextPaint() : null,
  ]).catch(() => undefined);
  if (ssr) {
    // tailwind-merge builds its class map on first use (60 ms on a phone): in a task of its own, not in the one that
    // loaded the last script nor in the one that starts the app; each stays short, and the page answers between.
    await nextTask();
    cn('p-0', 'p-1');
    await nextTask();
  }
  start(ssr);
}

const ssr = readSsrState();
// The app runs: the page's head keeps holding presses until it has taken the page over.
if (window.earlyPresses) window.earlyPresses.started = true;
// A page the browser renders alone has no button before the app draws it: nothing to hold.
if (!ssr) window.earlyPresses?.stop();
void startInSteps(ssr);
