import { useEffect, useState } from 'react';

/** Longer than the gap between a double tap's two presses (most fall within 100 to 300 ms). */
export const SETTLE_MS = 500;

/**
 * A short pause after an action's answer, during which the buttons that come after it stay disabled: the next step's
 * button appears where the pressed one was, and a double tap's second press would press it (a double tap on Start
 * Service also marked the service complete). `settle()` starts the pause.
 */
export function useSettling(): [settling: boolean, settle: () => void] {
  const [settling, setSettling] = useState(false);
  useEffect(() => {
    if (!settling) return;
    const timer = setTimeout(() => setSettling(false), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [settling]);
  return [settling, () => setSettling(true)];
}
