import { useMemo } from 'react';
import { foldMessages, type FoldedItem } from '../../../domain/blocks';
import { useBlockedIds } from './api';

/**
 * A room's messages with each run of those from members the viewer blocked folded into one item. Notices are never
 * folded (they tell what happened in the room, whoever acted).
 */
export function useFoldedMessages<T extends { id: string; senderId: string; notice: unknown }>(
  messages: readonly T[],
): FoldedItem<T>[] {
  const blocked = useBlockedIds();
  return useMemo(
    () => foldMessages(messages, (m) => m.notice === null && blocked.has(m.senderId)),
    [messages, blocked],
  );
}
