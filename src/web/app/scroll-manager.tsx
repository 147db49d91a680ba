import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { CHAT_SCROLL_DELAY_MS, scrollsToBottom } from '../../domain/shell';

/**
 * On each route change: top of the page, except chat and conversation pages, which go to the bottom. Not when the
 * app first takes over a page: a visitor may already be reading further down the page the server rendered (or the
 * browser has put a reloaded page back where it was), and being thrown back to the top would also move what they
 * were about to press.
 */
export function ScrollManager() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const arriving = first.current;
    first.current = false;
    if (!scrollsToBottom(pathname)) {
      if (!arriving) window.scrollTo(0, 0);
      return;
    }
    const timer = setTimeout(() => window.scrollTo(0, document.documentElement.scrollHeight), CHAT_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname]);
  return null;
}
