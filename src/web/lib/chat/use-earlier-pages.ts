import { useCallback, useState } from 'react';

/**
 * "Load earlier messages": the page before the oldest message held, handed to `store`, which puts it in front of the
 * chat's messages in the query cache (prependPage), where live events reach it too. Older messages may exist while
 * the last page read was full (before any, while the first one was).
 */
export function useEarlierPages<M, P>({
  chatId,
  messages,
  pageSizes,
  fetchBefore,
  pageLength,
  store,
  onError,
}: {
  /** Another chat starts afresh. */
  chatId: string;
  /** What the chat holds, oldest first. */
  messages: readonly M[] | undefined;
  pageSizes: { first: number; earlier: number };
  fetchBefore(oldest: M): Promise<P>;
  pageLength(page: P): number;
  store(page: P): void;
  onError(error: unknown): void;
}) {
  const [state, setState] = useState<{ chatId: string; more: boolean | null }>({ chatId, more: null });
  const [loading, setLoading] = useState(false);
  // Adjusting state to a new chat during render, as React documents, instead of an effect and a second render.
  if (state.chatId !== chatId) setState({ chatId, more: null });
  const more = state.chatId === chatId ? state.more : null;
  const hasEarlier = more ?? (messages?.length ?? 0) >= pageSizes.first;
  const oldest = messages?.[0];
  const load = useCallback(async () => {
    if (oldest === undefined || loading) return;
    setLoading(true);
    try {
      const page = await fetchBefore(oldest);
      store(page);
      setState({ chatId, more: pageLength(page) >= pageSizes.earlier });
    } catch (error) {
      onError(error);
    } finally {
      setLoading(false);
    }
  }, [oldest, loading, fetchBefore, store, pageLength, pageSizes.earlier, chatId, onError]);
  return { hasEarlier, loading, load };
}
