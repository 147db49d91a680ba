import { useEffect, useRef } from 'react';

/**
 * Marks a chat read up to the newest message of others, `delayMs` after it last changed: one call per burst, however
 * many messages arrived, and only while the page is visible (a hidden tab marks when it shows again). `after` is the
 * message marked last time, so the server need look only at what came since; each message is marked once.
 */
export function useReadScheduler({
  chatId,
  newestOthersId,
  enabled,
  delayMs,
  mark,
}: {
  /** Another chat starts afresh: nothing of it was marked by this page yet. */
  chatId: string;
  newestOthersId: string | undefined;
  enabled: boolean;
  delayMs: number;
  mark(range: { upTo: string; after: string | undefined }): void;
}) {
  const markedIn = useRef<{ chatId: string; id: string | undefined }>({ chatId, id: undefined });
  // The latest callback, without restarting the wait when only its identity changes.
  const markNow = useRef(mark);
  useEffect(() => {
    markNow.current = mark;
  }, [mark]);
  useEffect(() => {
    if (markedIn.current.chatId !== chatId) markedIn.current = { chatId, id: undefined };
    const marked = markedIn.current;
    if (!enabled || !newestOthersId || marked.id === newestOthersId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      if (document.visibilityState !== 'visible') return;
      const after = marked.id;
      marked.id = newestOthersId;
      markNow.current({ upTo: newestOthersId, after });
    };
    timer = setTimeout(flush, delayMs);
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || marked.id === newestOthersId) return;
      clearTimeout(timer);
      timer = setTimeout(flush, delayMs);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [chatId, newestOthersId, enabled, delayMs]);
}
