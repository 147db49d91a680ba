import {
  createContext,
  Suspense,
  useContext,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

/**
 * Progressive hydration of a server-rendered page (issue 16). Preact takes a page over in one task; on a listing that
 * task was two dozen cards long, and a phone's slow CPU could not answer a tap for its whole length. A part wrapped in
 * `HydrateLater` keeps its server HTML, untouched and on screen, during that first pass (it suspends, and Preact
 * keeps a suspended part's markup while hydrating), and is taken over afterwards, a few parts per task, so the page
 * answers between them. Everything rendered after the first pass (a later page, a client-side navigation) renders at
 * once.
 */

/**
 * One held part comes alive per task: a card is 7 ms on a fast machine, under 30 on a phone slowed four times, so no
 * task of them is long (three per task were 70-90 ms there, each counted as blocking time).
 */
const PARTS_PER_TASK = 1;

/**
 * Runs `run` in a task of its own, after what is already queued (a tap, a frame). A message, not a timer: nested
 * timers wait at least 4 ms each (a listing has ~28 parts), and a tab in the background runs timers once a second.
 */
export function inNextTask(run: () => void) {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
}

interface Hold {
  promise: Promise<void>;
  released: boolean;
}

let holding = false;
/** False from the first hydration pass until every part it held has come alive. */
let alive = true;
/** The release of each part the first pass held, in page order. */
const waiting: (() => void)[] = [];
let allReleased: Promise<void> = Promise.resolve();

function holdOne(): Hold {
  let release!: () => void;
  const hold: Hold = { promise: new Promise<void>((resolve) => (release = resolve)), released: false };
  waiting.push(() => {
    hold.released = true;
    release();
  });
  return hold;
}

/**
 * Runs the first hydration pass with held parts waiting, then lets them come alive `PARTS_PER_TASK` at a time, one
 * task each. The returned promise resolves once all of them are.
 */
export function hydrateInSteps(hydrateFirstPass: () => void): Promise<void> {
  let done!: () => void;
  allReleased = new Promise<void>((resolve) => (done = resolve));
  alive = false;
  const finish = () => {
    alive = true;
    done();
    // What waited for the page to be alive renders in a task of its own, after the last part's.
    inNextTask(() => {
      for (const listener of aliveListeners) listener();
    });
  };
  holding = true;
  try {
    hydrateFirstPass();
  } catch (error) {
    // Nothing will come alive: presses must not wait for it forever.
    finish();
    throw error;
  } finally {
    holding = false;
  }
  const step = () => {
    for (const release of waiting.splice(0, PARTS_PER_TASK)) release();
    // The last parts render in this task's microtasks: "alive" is said in the next task, after them.
    inNextTask(waiting.length > 0 ? step : finish);
  };
  inNextTask(step);
  return allReleased;
}

/** Resolves once every part held by the first hydration pass has come alive. */
export function whenHeldPartsAlive(): Promise<void> {
  return allReleased;
}

const aliveListeners = new Set<() => void>();

function subscribeToAlive(listener: () => void) {
  aliveListeners.add(listener);
  return () => aliveListeners.delete(listener);
}

/**
 * False on the server and while a rendered page comes alive (its first pass, then its held parts), true a task after
 * (and at once on a page the browser renders alone). For work a page can show a moment later, that would lengthen
 * those tasks: a date in the reader's locale, whose first Intl object costs 15 ms on a fast machine.
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
 * True while a held part hydrates: what it draws must be what the server drew, because hydrating corrects text but
 * not attributes. The session, arrived meanwhile, is read as "not known yet" until then (a visitor, as the server
 * saw); a part given a value that may have changed since the first pass draws the first pass's (category-tiles.tsx).
 */
export function usePinnedToServer(): boolean {
  return useContext(PinnedToServer);
}

function Held({ children }: { children: ReactNode }) {
  // A part that suspends before its first commit loses its hooks: resumed, it asks again and is no longer held.
  const [hold] = useState(() => (holding ? holdOne() : null));
  if (hold && !hold.released) throw hold.promise;
  // Drawn first as the server drew it, then at once (before the screen is painted) as it is now.
  const [pinned, setPinned] = useState(() => !alive);
  useLayoutEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the second render is the point (see above)
    if (pinned) setPinned(false);
  }, [pinned]);
  return <PinnedToServer.Provider value={pinned}>{children}</PinnedToServer.Provider>;
}

/**
 * A part that comes alive after the first hydration pass. It must draw exactly one element: that is the markup
 * Preact keeps while it waits. A press on it meanwhile is held like any press before the page is alive (main.tsx).
 * Nothing in it may call useId: Preact counts ids in render order, so a part hydrated later would draw other ids
 * than the server's, and shift the ids of every part after it.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Held>{children}</Held>
    </Suspense>
  );
}
