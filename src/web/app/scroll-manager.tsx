import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { CHAT_SCROLL_DELAY_MS, scrollsToBottom } from '../../domain/shell';

/** On each route change: top of the page, except chat and conversation pages, which go to the bottom. */
export function ScrollManager() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!scrollsToBottom(pathname)) {
      window.scrollTo(0, 0);
      return;
    }
    const timer = setTimeout(() => window.scrollTo(0, document.documentElement.scrollHeight), CHAT_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname]);
  return null;
}
