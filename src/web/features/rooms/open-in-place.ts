import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { MESSAGE_SEARCH_TEXTS } from '../../../domain/message-search';
import { useMessageInPlace } from '../../lib/chat/use-message-in-place';
import { toast } from '../../lib/toast';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { withEarlierPage, type RoomMessage, type RoomPage } from './rooms-cache';

const messagesOf = (page: RoomPage) => page.messages;
const append = (held: RoomPage, later: RoomPage): RoomPage => withEarlierPage(later, held);
const showFailed = () => toast.error(MESSAGE_SEARCH_TEXTS.messageNotFound);

/** `/chat-rooms/{id}?message=`: the room opened at that message (the chat kit's in-place opening). */
export function useRoomInPlace(roomId: string, messageId: string | null, live: RoomPage | undefined) {
  const client = useTRPCClient();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pageKey = trpc.roomMessages.list.queryKey({ roomId });
  return useMessageInPlace<RoomMessage, RoomPage>({
    chatId: roomId,
    messageId,
    live: live?.messages,
    messagesOf,
    fetchAround: useCallback(
      (messageId: string) => client.messageSearch.roomAround.query({ roomId, messageId }),
      [client, roomId],
    ),
    fetchAfter: useCallback(
      (newest: RoomMessage) =>
        client.messageSearch.roomAfter.query({ roomId, after: { sentAt: newest.sentAt, id: newest.id } }),
      [client, roomId],
    ),
    append,
    store: useCallback(
      (held: RoomPage) => queryClient.setQueryData(pageKey, (old) => old && withEarlierPage(old, held)),
      [queryClient, pageKey],
    ),
    onError: showFailed,
  });
}
