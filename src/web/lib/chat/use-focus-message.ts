import { useLayoutEffect, useRef, type RefObject } from 'react';

/** How long a message opened in place stays highlighted. */
export const FOCUS_HIGHLIGHT_MS = 3000;
/** The highlight's classes, written out whole so Tailwind generates them. */
const HIGHLIGHT = ['rounded-lg', 'bg-yellow-100', 'ring-2', 'ring-yellow-400', 'dark:bg-yellow-900/40'];

/**
 * Scrolls the chat's box to the message `focusId` (its `data-message-id`) once it is drawn, centres it and
 * highlights it briefly; `release` keeps the chat from going back to its newest message meanwhile.
 */
export function useFocusMessage(box: RefObject<HTMLElement | null>, focusId: string | null, release: () => void) {
  const done = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!focusId || done.current === focusId || !box.current) return;
    const target = box.current.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(focusId)}"]`);
    if (!target) return;
    done.current = focusId;
    release();
    target.scrollIntoView({ block: 'center' });
    target.classList.add(...HIGHLIGHT);
    target.dataset.highlighted = 'true';
    setTimeout(() => {
      target.classList.remove(...HIGHLIGHT);
      delete target.dataset.highlighted;
    }, FOCUS_HIGHLIGHT_MS);
  });
}
