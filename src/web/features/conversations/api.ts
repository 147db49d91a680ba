import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useCallback, useMemo, useState } from 'react';
import { MESSAGE_PAGES } from '../../../domain/negotiation';
import type { AppRouter } from '../../../server/router';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useSession } from '../accounts/api';

type Outputs = inferRouterOutputs<AppRouter>['conversations'];
export type ConversationDetails = Outputs['get'];
export type ChatMessage = Outputs['messages'][number];
export type ConversationSummary = Outputs['list'][number];

/** The server refused this user the conversation (not theirs, or no such id), as opposed to failing to load it. */
export function isAccessRefusal(error: { data?: { code?: string } | null } | null): boolean {
  return error?.data?.code === 'FORBIDDEN';
}

/** The signed-in user's conversations, refreshed live (the menu's inbox subscription) when any of them changes. */
export function useConversations() {
  const trpc = useTRPC();
  const { account } = useSession();
  return useQuery({ ...trpc.conversations.list.queryOptions(), enabled: Boolean(account) });
}

/**
 * Unread messages over all conversations, for the menu. Its inbox subscription is the one live feed of the user's
 * conversations: any change refreshes this count and the conversation list.
 */
export function useUnreadTotal(signedIn: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const unread = useQuery({ ...trpc.conversations.unread.queryOptions(), enabled: signedIn });
  useSubscription(
    trpc.conversations.inbox.subscriptionOptions(undefined, {
      enabled: signedIn,
      onData: () =>
        void Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.conversations.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.conversations.unread.queryKey() }),
        ]),
    }),
  );
  return unread.data ?? 0;
}

/** Services the user already requested: their cards show Chat instead of Request. */
export function useRequestedServices() {
  const trpc = useTRPC();
  const { account } = useSession();
  const query = useQuery({ ...trpc.conversations.requestedServices.queryOptions(), enabled: Boolean(account) });
  return new Map((query.data ?? []).map((r) => [r.serviceId, r.conversationId]));
}

/** One conversation, its messages, and everything that happens in it while the page is open. */
export function useConversation(id: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { account } = useSession();
  const details = useQuery({ ...trpc.conversations.get.queryOptions({ id }), retry: false });
  const messages = useQuery({ ...trpc.conversations.messages.queryOptions({ id }), retry: false });
  const markRead = useMutation(trpc.conversations.markRead.mutationOptions());
  const mayListen = details.isSuccess;
  const refresh = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.conversations.get.queryKey({ id }) }),
        queryClient.invalidateQueries({ queryKey: trpc.conversations.list.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.settlement.history.queryKey({ conversationId: id }) }),
      ]),
    [queryClient, trpc, id],
  );
  useSubscription(
    trpc.conversations.events.subscriptionOptions(
      { id },
      {
        enabled: mayListen,
        onData: ({ data }) => {
          if (data.type === 'message') {
            queryClient.setQueryData(trpc.conversations.messages.queryKey({ id }), (old) =>
              old && !old.some((m) => m.id === data.message.id) ? [...old, data.message] : old,
            );
            // Read as it arrives: the page is open.
            if (data.message.senderId !== account?.id) markRead.mutate({ id });
          }
          if (data.type === 'updated') void refresh();
          if (data.type === 'read')
            void queryClient.invalidateQueries({ queryKey: trpc.conversations.messages.queryKey({ id }) });
        },
        // After a reconnect, anything missed is fetched again.
        onStarted: () => void queryClient.invalidateQueries({ queryKey: trpc.conversations.messages.queryKey({ id }) }),
      },
    ),
  );
  return { details, messages, markRead, refresh };
}

export function useConversationMutations(id: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.conversations.get.queryKey({ id }) }),
      queryClient.invalidateQueries({ queryKey: trpc.conversations.messages.queryKey({ id }) }),
    ]);
  return {
    send: useMutation(trpc.conversations.send.mutationOptions({ onSuccess })),
    propose: useMutation(trpc.conversations.propose.mutationOptions({ onSuccess })),
    act: useMutation(trpc.conversations.act.mutationOptions({ onSuccess })),
    // Read again after a refusal too: the usual one is a listing price changed since the page showed it.
    acceptOriginal: useMutation(trpc.conversations.acceptOriginal.mutationOptions({ onSettled: onSuccess })),
  };
}

export function useRequestService() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.conversations.request.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.conversations.requestedServices.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.conversations.list.queryKey() }),
        ]),
    }),
  );
}

/** The progress page: admins read the state through the admin view (they may not be a party). */
export function useConversationView(id: string, asAdmin: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Live: parties hear every change of their conversation, admins only that its state changed.
  const onData = () =>
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.conversations.get.queryKey({ id }) }),
      queryClient.invalidateQueries({ queryKey: trpc.conversations.adminView.queryKey({ id }) }),
      queryClient.invalidateQueries({ queryKey: trpc.settlement.history.queryKey({ conversationId: id }) }),
    ]);
  useSubscription(trpc.conversations.events.subscriptionOptions({ id }, { enabled: !asAdmin, onData }));
  useSubscription(trpc.conversations.adminEvents.subscriptionOptions({ id }, { enabled: asAdmin, onData }));
  const asParty = useQuery({ ...trpc.conversations.get.queryOptions({ id }), retry: false, enabled: !asAdmin });
  const asAdminView = useQuery({
    ...trpc.conversations.adminView.queryOptions({ id }),
    retry: false,
    enabled: asAdmin,
  });
  return { details: asAdmin ? asAdminView : asParty };
}

export function useResetConversation(id: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.conversations.reset.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.conversations.adminView.queryKey({ id }) }),
          queryClient.invalidateQueries({ queryKey: trpc.conversations.get.queryKey({ id }) }),
        ]),
    }),
  );
}

const byTime = (a: ChatMessage, b: ChatMessage) =>
  new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || a.id.localeCompare(b.id);

/** Later copies of a message (read receipts) replace earlier ones. */
function withMessages(known: ReadonlyMap<string, ChatMessage>, add: readonly ChatMessage[]) {
  const next = new Map(known);
  for (const m of add) next.set(m.id, m);
  return next;
}

interface Scrollback {
  id: string;
  newest: ChatMessage[] | undefined;
  known: ReadonlyMap<string, ChatMessage>;
  /** Whether the last earlier page was full; null until one is fetched. */
  more: boolean | null;
}

const startScrollback = (id: string, newest: ChatMessage[] | undefined): Scrollback => ({
  id,
  newest,
  known: withMessages(new Map(), newest ?? []),
  more: null,
});

/**
 * The whole scrollback of a chat: the newest page (live) plus older pages fetched on request. Every message seen is
 * kept, so when the newest page moves on (new messages push old ones out of it) nothing between the pages goes
 * missing.
 */
export function useScrollback(id: string, newest: ChatMessage[] | undefined) {
  const client = useTRPCClient();
  const [state, setState] = useState(() => startScrollback(id, newest));
  const [loading, setLoading] = useState(false);
  // Adjusting state to new props during render, as React documents, instead of an effect and a second render.
  if (state.id !== id) setState(startScrollback(id, newest));
  else if (state.newest !== newest) setState({ ...state, newest, known: withMessages(state.known, newest ?? []) });

  const messages = useMemo(() => [...state.known.values()].sort(byTime), [state.known]);
  const hasEarlier = state.more ?? (newest?.length ?? 0) >= MESSAGE_PAGES.first;
  const loadEarlier = async () => {
    const oldest = messages[0];
    if (!oldest || loading) return;
    setLoading(true);
    try {
      const page = await client.conversations.earlierMessages.query({
        id,
        before: { createdAt: new Date(oldest.createdAt).toISOString(), id: oldest.id },
      });
      setState((s) =>
        s.id === id ? { ...s, known: withMessages(s.known, page), more: page.length >= MESSAGE_PAGES.earlier } : s,
      );
    } finally {
      setLoading(false);
    }
  };
  return { messages, hasEarlier, loadingEarlier: loading, loadEarlier };
}
