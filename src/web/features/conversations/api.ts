import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { CONVERSATION_MESSAGES, MESSAGE_PAGES, type NegotiationState } from '../../../domain/negotiation';
import { newestFromOthers } from '../../lib/chat/messages';
import { useEarlierPages } from '../../lib/chat/use-earlier-pages';
import { useReadScheduler } from '../../lib/chat/use-read-scheduler';
import { showFailure, withFeedback } from '../../lib/mutation-feedback';
import { toast } from '../../lib/toast';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useLiveSubscription } from '../../lib/use-live-subscription';
import { useSession } from '../accounts/api';
import {
  isSettlementNotice,
  keepEarlierPages,
  withEarlierMessages,
  withInboxEvent,
  withMessage,
  withRead,
  withRemoved,
  withState,
  withUnreadTotal,
  type ChatMessage,
  type ConversationLiveEvent,
  type InboxEvent,
} from './conversations-cache';

export type { ChatMessage, ConversationDetails, ConversationSummary } from './conversations-cache';

/** The server refused this user the conversation (not theirs, or no such id), as opposed to failing to load it. */
export function isAccessRefusal(error: { data?: { appCode?: string | null } | null } | null): boolean {
  return error?.data?.appCode === 'NOT_A_PARTICIPANT';
}

/** The signed-in user's conversations, kept current by the menu's inbox subscription (useUnreadTotal). */
export function useConversations() {
  const trpc = useTRPC();
  const { account } = useSession();
  return useQuery({ ...trpc.conversations.list.queryOptions(), enabled: Boolean(account) });
}

/**
 * Unread messages over all conversations, for the menu. Its inbox subscription is the one live feed of the user's
 * conversations: each delta patches this count and the conversation list in the cache, without a query; only a
 * conversation the list does not hold yet (a new one) makes the list load again.
 */
export function useUnreadTotal(signedIn: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const unread = useQuery({ ...trpc.conversations.unread.queryOptions(), enabled: signedIn });
  const listKey = trpc.conversations.list.queryKey();
  const unreadKey = trpc.conversations.unread.queryKey();
  const apply = (event: InboxEvent) => {
    queryClient.setQueryData(unreadKey, (old) => (old === undefined ? old : withUnreadTotal(old, event)));
    const list = queryClient.getQueryData(listKey);
    if (!list) return;
    const next = withInboxEvent(list, event);
    if (next) queryClient.setQueryData(listKey, next);
    else if (event.type === 'changed') void queryClient.invalidateQueries({ queryKey: listKey });
  };
  // A read still on its way (the catch-up at the start) may predate a change: the hook reads it again.
  useLiveSubscription(trpc.conversations.inbox.subscriptionOptions(undefined, { enabled: signedIn }), {
    watched: [listKey, unreadKey],
    onEvent: apply,
  });
  return unread.data ?? 0;
}

/** Services the user already requested: their cards show Chat instead of Request. */
export function useRequestedServices() {
  const trpc = useTRPC();
  const { account } = useSession();
  const query = useQuery({ ...trpc.conversations.requestedServices.queryOptions(), enabled: Boolean(account) });
  // Nobody known, no conversations: a card drawn as the server drew it (lib/hydrate-later.tsx) shows none.
  return new Map((account ? (query.data ?? []) : []).map((r) => [r.serviceId, r.conversationId]));
}

/** One conversation, its messages, and everything that happens in it while the page is open, applied to the cache. */
export function useConversation(id: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const details = useQuery({ ...trpc.conversations.get.queryOptions({ id }), retry: false });
  const messages = useQuery({
    ...trpc.conversations.messages.queryOptions({ id }),
    retry: false,
    // Earlier pages are paged into this query: a newest page read again keeps them (conversations-cache.ts).
    structuralSharing: (held, written) => keepEarlierPages(held as ChatMessage[] | undefined, written as ChatMessage[]),
  });
  // Still listening while a catch-up read fails: the chat on screen stays, with what it holds.
  const mayListen = details.data !== undefined && !isAccessRefusal(details.error);
  const messagesKey = trpc.conversations.messages.queryKey({ id });
  const detailsKey = trpc.conversations.get.queryKey({ id });
  const apply = (data: ConversationLiveEvent) => {
    if (data.type === 'message') {
      queryClient.setQueryData(messagesKey, (old) => old && withMessage(old, data.message));
      if (isSettlementNotice(data.message)) {
        void queryClient.invalidateQueries({ queryKey: trpc.settlement.history.queryKey({ conversationId: id }) });
      }
    }
    if (data.type === 'updated') {
      const { state } = data;
      queryClient.setQueryData(detailsKey, (old) => old && withState(old, state));
      void queryClient.invalidateQueries({ queryKey: trpc.settlement.history.queryKey({ conversationId: id }) });
    }
    if (data.type === 'message-removed') {
      queryClient.setQueryData(messagesKey, (old) => old && withRemoved(old, data.messageId, data.text));
    }
    if (data.type === 'read') {
      queryClient.setQueryData(messagesKey, (old) => old && withRead(old, data.messageIds));
    }
  };
  // What changed before the subscription listened (or while the connection was lost) is read again; a read still on
  // its way when an event lands may have left the database before it, and is read again too.
  useLiveSubscription(trpc.conversations.events.subscriptionOptions({ id }, { enabled: mayListen }), {
    watched: [messagesKey, detailsKey],
    onEvent: apply,
  });
  return { details, messages };
}

/** How long the reader waits for more messages before marking a burst read in one call. */
const MARK_READ_DELAY_MS = 400;

/**
 * Marks the other party's messages read (spec 2: when the conversation is opened, and as they arrive while it is
 * open), through the chat kit's scheduler: once per burst, only while the page is visible.
 */
export function useMarkConversationRead(
  id: string,
  messages: readonly ChatMessage[] | undefined,
  ownId: string,
  ready = true,
) {
  const trpc = useTRPC();
  const { mutate } = useMutation(trpc.conversations.markRead.mutationOptions());
  const mark = useCallback(() => mutate({ id }), [mutate, id]);
  const newestOthersId = useMemo(() => newestFromOthers(messages, (m) => m.senderId !== ownId), [messages, ownId]);
  useReadScheduler({
    chatId: id,
    newestOthersId,
    enabled: ownId !== '' && ready,
    delayMs: MARK_READ_DELAY_MS,
    mark,
  });
}

/** "Load earlier messages" of a conversation (the chat kit's paging), into its messages in the cache. */
export function useEarlierConversationMessages(id: string, messages: ChatMessage[] | undefined) {
  const client = useTRPCClient();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const messagesKey = trpc.conversations.messages.queryKey({ id });
  return useEarlierPages({
    chatId: id,
    messages,
    pageSizes: MESSAGE_PAGES,
    fetchBefore: useCallback(
      (oldest: ChatMessage) =>
        client.conversations.earlierMessages.query({
          id,
          before: { createdAt: new Date(oldest.createdAt).toISOString(), id: oldest.id },
        }),
      [client, id],
    ),
    pageLength: pageLength,
    store: useCallback(
      (page: ChatMessage[]) => queryClient.setQueryData(messagesKey, (old) => old && withEarlierMessages(old, page)),
      [queryClient, messagesKey],
    ),
    onError: showEarlierFailed,
  });
}

const pageLength = (page: readonly ChatMessage[]) => page.length;
const showEarlierFailed = () => toast.error(CONVERSATION_MESSAGES.messagesFailed);

const ACT_FEEDBACK = {
  accept: { success: CONVERSATION_MESSAGES.proposalAccepted, failure: CONVERSATION_MESSAGES.acceptFailed },
  reject: { success: CONVERSATION_MESSAGES.proposalRejected, failure: CONVERSATION_MESSAGES.rejectFailed },
  start: { success: CONVERSATION_MESSAGES.started, failure: CONVERSATION_MESSAGES.statusFailed },
  complete: { success: CONVERSATION_MESSAGES.completed, failure: CONVERSATION_MESSAGES.statusFailed },
} as const;

/**
 * The chat's mutations. None of them reads anything again: what they change comes back on the conversation's
 * subscription (the new message, the new state). The send puts its own message in at once.
 */
export function useConversationMutations(id: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // A step's answer carries its notice and the new state: applied at once (the subscription may not have started
  // yet on a page just opened), and deduplicated by id when the live event brings them again.
  const applyStep = (step: { message: ChatMessage; state: NegotiationState }) => {
    queryClient.setQueryData(
      trpc.conversations.messages.queryKey({ id }),
      (old) => old && withMessage(old, step.message),
    );
    queryClient.setQueryData(trpc.conversations.get.queryKey({ id }), (old) => old && withState(old, step.state));
  };
  return {
    send: useMutation(
      trpc.conversations.send.mutationOptions({
        onSuccess: (message) =>
          queryClient.setQueryData(
            trpc.conversations.messages.queryKey({ id }),
            (old) => old && withMessage(old, message),
          ),
      }),
    ),
    propose: useMutation(
      withFeedback(trpc.conversations.propose.mutationOptions({ onSuccess: applyStep }), {
        success: CONVERSATION_MESSAGES.proposalSent,
        failure: CONVERSATION_MESSAGES.proposeFailed,
        reason: 'none',
      }),
    ),
    act: useMutation(
      withFeedback(
        trpc.conversations.act.mutationOptions({
          onSuccess: applyStep,
          // Each action has its own failure text, so the failure is told here, where the action is known.
          onError: (error, { action }) => showFailure({ failure: ACT_FEEDBACK[action].failure, reason: 'none' }, error),
        }),
        { success: (_data, { action }) => ACT_FEEDBACK[action].success },
      ),
    ),
    // Read again after a refusal: the usual one is a listing price changed since the page showed it.
    acceptOriginal: useMutation(
      withFeedback(
        trpc.conversations.acceptOriginal.mutationOptions({
          onSuccess: applyStep,
          onError: () => queryClient.invalidateQueries({ queryKey: trpc.conversations.get.queryKey({ id }) }),
        }),
        { success: CONVERSATION_MESSAGES.originalAccepted, failure: CONVERSATION_MESSAGES.acceptOriginalFailed },
      ),
    ),
  };
}

/** The progress page: admins read the state through the admin view (they may not be a party). */
export function useConversationView(id: string, asAdmin: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Live: parties hear every change of their conversation, admins only its new state; both apply the state.
  const onEvent = (data: ConversationLiveEvent) => {
    if (data.type !== 'updated') return;
    const { state } = data;
    const views = [trpc.conversations.get.queryKey({ id }), trpc.conversations.adminView.queryKey({ id })] as const;
    for (const key of views) queryClient.setQueryData(key, (old) => old && withState(old, state));
    void queryClient.invalidateQueries({ queryKey: trpc.settlement.history.queryKey({ conversationId: id }) });
  };
  useLiveSubscription(trpc.conversations.events.subscriptionOptions({ id }, { enabled: !asAdmin }), {
    watched: [trpc.conversations.get.queryKey({ id })],
    onEvent,
  });
  useLiveSubscription(trpc.conversations.adminEvents.subscriptionOptions({ id }, { enabled: asAdmin }), {
    watched: [trpc.conversations.adminView.queryKey({ id })],
    onEvent,
  });
  const asParty = useQuery({ ...trpc.conversations.get.queryOptions({ id }), retry: false, enabled: !asAdmin });
  const asAdminView = useQuery({
    ...trpc.conversations.adminView.queryOptions({ id }),
    retry: false,
    enabled: asAdmin,
  });
  // The originals of hidden contact details come with the admin view only.
  return { details: asAdmin ? asAdminView : asParty, heldDetails: asAdminView.data?.heldDetails ?? [] };
}

/** The reset's new state arrives on the admin's subscription; the answer's text is the success toast. */
export function useResetConversation() {
  const trpc = useTRPC();
  return useMutation(
    withFeedback(trpc.conversations.reset.mutationOptions(), {
      success: (d) => d.message,
      failure: CONVERSATION_MESSAGES.resetFailed,
      reason: 'none',
    }),
  );
}
