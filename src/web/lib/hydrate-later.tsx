import { createContext, Suspense, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * Hydration of a server-rendered page in steps, by React's own rules (docs/decisions/012-react.md). React takes the
 * page over in two kinds of work: the first pass hydrates the shell and leaves every Suspense boundary's server HTML
 * in place, on screen and untouched; each boundary is hydrated afterwards at React's lowest priority, in slices that
 * let the page answer between them, and at once when the visitor presses inside it (React replays the press). A part
 * wrapped in `HydrateLater` (a card, the footer, a review) is such a boundary: on a listing the first pass is the
 * shell and the search form, not two dozen cards.
 */

/**
 * Runs `run` in a task of its own, after what is already queued (a tap, a frame). A message, not a timer: nested
 * timers wait at least 4 ms each, and a tab in the background runs timers once a second.
 */
export function inNextTask(run: () => void) {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
}

/** False from the start of a hydration until its first pass has committed. */
let alive = true;

const aliveListeners = new Set<() => void>();

function subscribeToAlive(listener: () => void) {
  aliveListeners.add(listener);
  return () => aliveListeners.delete(listener);
}

/** Hydrates a server-rendered page (`hydrate` calls hydrateRoot); the page is alive once `pageTakenOver()` runs. */
export function hydratePage(hydrate: () => void) {
  alive = false;
  try {
    hydrate();
  } catch (error) {
    // Nothing will come alive: presses must not wait for it forever.
    pageTakenOver();
    throw error;
  }
}

/**
 * Said by the app's root once the first pass has committed (Providers' effect): its buttons work from now on, and a
 * press on a part still waiting is hydrated and replayed by React. What waited for it renders in a task of its own.
 */
export function pageTakenOver() {
  if (alive) return;
  alive = true;
  inNextTask(() => {
    for (const listener of aliveListeners) listener();
  });
}

/**
 * False on the server and while a rendered page is taken over, true a task after (and at once on a page the browser
 * renders alone). For work a page can show a moment later, that would lengthen those tasks: a date in the reader's
 * locale, whose first Intl object costs 15 ms on a fast machine.
 */
export function usePageAlive(): boolean {
  return useSyncExternalStore(
    subscribeToAlive,
    () => alive,
    () => false,
  );
}

const PinnedToServer = createContext(false);

/**
 * True while a held part hydrates: what it draws must be what the server drew, because hydrating keeps the server's
 * attributes. The session, arrived meanwhile, is read as "not known yet" until then (a visitor, as the server saw); a
 * part given a value that may have changed since draws the server's (category-tiles.tsx).
 */
export function usePinnedToServer(): boolean {
  return useContext(PinnedToServer);
}

function Held({ children }: { children: ReactNode }) {
  // Hydrating, React reads the server's snapshot (not hydrated yet); once the part is committed it draws it as it is
  // now, in the render React starts when it finds that the snapshot has changed.
  const pinned = !useHydrated();
  return <PinnedToServer.Provider value={pinned}>{children}</PinnedToServer.Provider>;
}

/**
 * A part hydrated after the page's first pass (a Suspense boundary: see above), drawn first as the server drew it.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Held>{children}</Held>
    </Suspense>
  );
}
