import { useSyncExternalStore } from 'react';

/** Tailwind's lg breakpoint (64rem): from there the chat has room for a side panel beside its messages. */
const WIDE = '(min-width: 64rem)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * Whether the screen is lg or wider. Rendered one way or the other, not both hidden by CSS: the payment panel's
 * controls exist once on the page.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
}
