import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MuteDuration, MuteTarget } from '../../../domain/chat-essentials';
import { CHAT_ESSENTIALS_TEXTS } from '../../../domain/chat-essentials';
import { withFeedback } from '../mutation-feedback';
import { useTRPC } from '../trpc';

/**
 * Where the unread started when the chat opened: read once per visit (never again while open, or reading would move
 * it), and dropped when the chat closes so the next visit asks afresh.
 */
const ONCE = { staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false } as const;

export function useFirstUnreadInRoom(roomId: string, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.chat.firstUnreadInRoom.queryOptions({ roomId }), ...ONCE, enabled, retry: false });
}

export function useFirstUnreadInConversation(conversationId: string, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.chat.firstUnreadInConversation.queryOptions({ conversationId }),
    ...ONCE,
    enabled,
    retry: false,
  });
}

/** The member's mute of one room or conversation, and setting or clearing it (the header's menu). */
export function useMute(target: MuteTarget) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = trpc.chat.mute.queryKey({ target });
  const state = useQuery({ ...trpc.chat.mute.queryOptions({ target }), retry: false });
  const set = useMutation(
    withFeedback(trpc.chat.setMute.mutationOptions({ onSuccess: (data) => queryClient.setQueryData(key, data) }), {
      success: CHAT_ESSENTIALS_TEXTS.muted,
    }),
  );
  const clear = useMutation(
    withFeedback(trpc.chat.clearMute.mutationOptions({ onSuccess: (data) => queryClient.setQueryData(key, data) }), {
      success: CHAT_ESSENTIALS_TEXTS.unmuted,
    }),
  );
  return {
    state: state.data,
    mute: (duration: MuteDuration) => set.mutate({ target, duration }),
    unmute: () => clear.mutate({ target }),
    busy: set.isPending || clear.isPending,
  };
}
