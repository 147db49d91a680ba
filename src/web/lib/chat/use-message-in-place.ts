import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Newer messages may exist below what is held: whether, whether they are being read, and how to read them. */
export type LaterMessages = { hasLater: boolean; loading: boolean; load(): Promise<void> };

type Held<P> = { key: string; page: P | null; hasLater: boolean; failed: boolean };

/**
 * Opening a chat at one message (a search result): the page around it replaces the newest page on screen until the
 * reader scrolls down to where the two meet; then what was read is put in front of the live messages (`store`, the
 * feature's "earlier page" reducer) and the chat is live again, with nothing missing between. A message already
 * among the live messages is simply scrolled to. `focusId` is the message to scroll to and highlight.
 */
export function useMessageInPlace<M extends { id: string }, P>({
  chatId,
  messageId,
  live,
  messagesOf,
  fetchAround,
  fetchAfter,
  append,
  store,
  onError,
}: {
  chatId: string;
  /** The message to open (from `?message=`), or null for the chat as usual. */
  messageId: string | null;
  /** The chat's live messages, oldest first (undefined while its first page loads). */
  live: readonly M[] | undefined;
  messagesOf(page: P): readonly M[];
  fetchAround(messageId: string): Promise<P & { hasLater: boolean }>;
  fetchAfter(newest: M): Promise<P & { hasLater: boolean }>;
  /** A later page after the held one. */
  append(held: P, later: P): P;
  /** The held pages joined to the live messages, in the chat's cache. */
  store(held: P): void;
  onError(error: unknown): void;
}) {
  const key = `${chatId}:${messageId ?? ''}`;
  const [held, setHeld] = useState<Held<P>>({ key, page: null, hasLater: false, failed: false });
  const [loading, setLoading] = useState(false);
  const current = held.key === key ? held : { key, page: null, hasLater: false, failed: false };
  const started = useRef<string | null>(null);
  const liveLoaded = live !== undefined;
  const liveRef = useRef(live);
  useLayoutEffect(() => {
    liveRef.current = live;
  });

  /** Held until it reaches the live messages (or the newest message): then joined to them. */
  const settle = useCallback(
    (page: P & { hasLater: boolean }) => {
      const liveIds = new Set((liveRef.current ?? []).map((m) => m.id));
      const meets = !page.hasLater || messagesOf(page).some((m) => liveIds.has(m.id));
      if (meets) {
        store(page);
        setHeld({ key, page: null, hasLater: false, failed: false });
      } else {
        setHeld({ key, page, hasLater: page.hasLater, failed: false });
      }
    },
    [key, messagesOf, store],
  );

  useEffect(() => {
    if (!messageId || !liveLoaded || started.current === key) return;
    started.current = key;
    if (liveRef.current?.some((m) => m.id === messageId)) return;
    setLoading(true);
    fetchAround(messageId)
      .then(settle)
      .catch((error: unknown) => {
        setHeld({ key, page: null, hasLater: false, failed: true });
        onError(error);
      })
      .finally(() => setLoading(false));
  }, [messageId, liveLoaded, key, fetchAround, settle, onError]);

  const page = current.page;
  const load = useCallback(async () => {
    const newest = page ? messagesOf(page).at(-1) : undefined;
    if (!page || !newest || loading) return;
    setLoading(true);
    try {
      const later = await fetchAfter(newest);
      settle({ ...append(page, later), hasLater: later.hasLater });
    } catch (error) {
      onError(error);
    } finally {
      setLoading(false);
    }
  }, [page, loading, messagesOf, fetchAfter, append, settle, onError]);

  return {
    /** The held pages to show instead of the live ones, or null for the live ones. */
    held: page,
    /** Reading the page around the message: the chat waits for it rather than opening at its newest. */
    opening: Boolean(messageId) && loading && page === null && !current.failed,
    focusId: messageId && !current.failed ? messageId : null,
    later: page ? ({ hasLater: current.hasLater, loading, load } satisfies LaterMessages) : null,
  };
}
