import { useLayoutEffect, useState, type CSSProperties } from 'react';

/**
 * The element's height from where it starts to the bottom of the viewport (100dvh: a phone's browser bars
 * excluded), measured rather than assumed, since the bars above it vary (the ADMIN MODE banner). A callback ref:
 * the element may appear after the first render (once its page has loaded).
 */
export function useFillViewport<T extends HTMLElement>() {
  const [element, setElement] = useState<T | null>(null);
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => setTop(Math.round(element.getBoundingClientRect().top + window.scrollY));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [element]);
  const style: CSSProperties | undefined = top === null ? undefined : { height: `calc(100dvh - ${top}px)` };
  return { ref: setElement, style };
}
