import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { MESSAGE_SEARCH_TEXTS } from '../../../domain/message-search';
import { useMessageInPlace } from '../../lib/chat/use-message-in-place';
import { toast } from '../../lib/toast';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { withEarlierMessages, type ChatMessage } from './conversations-cache';

type Held = { messages: ChatMessage[] };
const messagesOf = (page: Held) => page.messages;
const append = (held: Held, later: Held): Held => ({ messages: withEarlierMessages(later.messages, held.messages) });
const showFailed = () => toast.error(MESSAGE_SEARCH_TEXTS.messageNotFound);

/** `/chat/{id}?message=`: the conversation opened at that message (the chat kit's in-place opening). */
export function useConversationInPlace(id: string, messageId: string | null, live: ChatMessage[] | undefined) {
  const client = useTRPCClient();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const messagesKey = trpc.conversations.messages.queryKey({ id });
  return useMessageInPlace<ChatMessage, Held>({
    chatId: id,
    messageId,
    live,
    messagesOf,
    fetchAround: useCallback(
      (messageId: string) => client.messageSearch.conversationAround.query({ id, messageId }),
      [client, id],
    ),
    fetchAfter: useCallback(
      (newest: ChatMessage) =>
        client.messageSearch.conversationAfter.query({
          id,
          after: { createdAt: new Date(newest.createdAt).toISOString(), id: newest.id },
        }),
      [client, id],
    ),
    append,
    store: useCallback(
      (held: Held) => queryClient.setQueryData(messagesKey, (old) => old && withEarlierMessages(old, held.messages)),
      [queryClient, messagesKey],
    ),
    onError: showFailed,
  });
}
