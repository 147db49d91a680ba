import { useCallback, useSyncExternalStore } from 'react';

/** Whether the window matches a media query now, followed as it changes; false while rendered on the server. */
export function useMediaQuery(query: string): boolean {
  // Stable for a query: a new subscribe function on every render would subscribe again on every render.
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const snapshot = useCallback(() => window.matchMedia(query).matches, [query]);
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
