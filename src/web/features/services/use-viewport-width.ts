import { useSyncExternalStore } from 'react';

/**
 * What a render without a window assumes (a page rendered or prerendered on the server, and its hydration): a
 * desktop. React re-renders with the real width right after hydrating, without a mismatch. Whatever must be right
 * on a phone's first paint is laid out with CSS breakpoints, never with this.
 */
const WIDTH_WITHOUT_WINDOW = 1280;

function subscribe(onResize: () => void) {
  window.addEventListener('resize', onResize);
  return () => window.removeEventListener('resize', onResize);
}

export function useViewportWidth(): number {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth,
    () => WIDTH_WITHOUT_WINDOW,
  );
}
