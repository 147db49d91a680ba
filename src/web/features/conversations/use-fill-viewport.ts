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
    // Something above may change height without a resize (a banner once the session is known, a wrapping line): the
    // page grows with it, and the element is measured again (the same top sets nothing, so this cannot loop).
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer.disconnect();
    };
  }, [element]);
  const style: CSSProperties | undefined = top === null ? undefined : { height: `calc(100dvh - ${top}px)` };
  return { ref: setElement, style };
}
