import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while the browser hydrates its HTML, true after (and in any render that is not a
 * hydration): what only the browser knows (the saved theme) renders after, so the server's HTML always matches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
