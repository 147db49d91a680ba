import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  allowedActions,
  CONVERSATION_MESSAGES,
  MESSAGE_PAGES,
  progressStatus,
  type NegotiationState,
} from '../../../domain/negotiation';
import type { AppRouter } from '../../../server/router';
import { catchUpOnStart, rereadIfInFlight } from '../../lib/live-cache';
import { showFailure, withFeedback } from '../../lib/mutation-feedback';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useSession } from '../accounts/api';

type Outputs = inferRouterOutputs<AppRouter>['conversations'];
export type ConversationDetails = Outputs['get'];
export type ChatMessage = Outputs['messages'][number];
export type ConversationSummary = Outputs['list'][number];
/** What a live subscription yields, from the router's type (the web imports only that from the server). */
type LiveData<S> = S extends AsyncIterable<{ data: infer D }> ? D : never;
type ConversationLiveEvent = LiveData<Outputs['events']>;
type InboxEvent = LiveData<Outputs['inbox']>;

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

const byActivity = (a: ConversationSummary, b: ConversationSummary) =>
  new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime() || b.id.localeCompare(a.id);

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
    // A read still on its way (the catch-up at the start) may predate this change: it is read again, not trusted.
    rereadIfInFlight(queryClient, listKey);
    rereadIfInFlight(queryClient, unreadKey);
    const delta = event.type === 'changed' ? event.unreadDelta : -event.count;
    queryClient.setQueryData(unreadKey, (old) => (old === undefined ? old : Math.max(0, old + delta)));
    const list = queryClient.getQueryData(listKey);
    if (!list) return;
    if (!list.some((c) => c.id === event.conversationId)) {
      if (event.type === 'changed') void queryClient.invalidateQueries({ queryKey: listKey });
      return;
    }
    queryClient.setQueryData(listKey, (old) =>
      old
        ?.map((c) =>
          c.id !== event.conversationId
            ? c
            : event.type === 'changed'
              ? {
                  ...c,
                  lastMessage: event.lastMessage,
                  updatedAt: event.updatedAt,
                  unread: Math.max(0, c.unread + event.unreadDelta),
                }
              : { ...c, unread: Math.max(0, c.unread - event.count) },
        )
        .sort(byActivity),
    );
  };
  const onStarted = catchUpOnStart(queryClient, [listKey, unreadKey]);
  useSubscription(
    trpc.conversations.inbox.subscriptionOptions(undefined, {
      enabled: signedIn,
      onData: ({ data }) => apply(data),
      onStarted,
    }),
  );
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

/**
 * A conversation's page after a state change, derived as the server derives it (describe-conversation.ts) with the
 * domain's own rules for this party; 'review' stays hidden once reviewed.
 */
export function withState<T extends Pick<ConversationDetails, 'party' | 'reviewed' | 'state' | 'status' | 'actions'>>(
  details: T,
  state: NegotiationState,
): T {
  const actions = details.party
    ? allowedActions(state, details.party).filter((a) => a !== 'review' || !details.reviewed)
    : [];
  return { ...details, state, status: progressStatus(state), actions };
}

/** Notices of the payment's life after it was made: the payment panel's history shows them too. */
const SETTLEMENT_NOTICES = new Set<string>([
  'completion_confirmed',
  'service_cancelled',
  'dispute_opened',
  'card_dispute_reported',
  'payment_refunded',
  'dispute_resolved',
  'payout_sent',
]);

/** How long the receiver waits for more messages before marking a burst read in one call. */
const MARK_READ_DEBOUNCE_MS = 400;

/**
 * Marks the other party's messages read once per burst while the page is visible; messages that arrive while the
 * tab is hidden are marked when it shows again.
 */
function useMarkReadBurst(id: string, mark: (input: { id: string }) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const waiting = useRef(false);
  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!waiting.current || document.visibilityState !== 'visible') return;
    waiting.current = false;
    mark({ id });
  }, [id, mark]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') flush();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [flush]);
  return useCallback(() => {
    waiting.current = true;
    if (document.visibilityState !== 'visible') return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(flush, MARK_READ_DEBOUNCE_MS);
  }, [flush]);
}

/** One conversation, its messages, and everything that happens in it while the page is open, applied to the cache. */
export function useConversation(id: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { account } = useSession();
  const details = useQuery({ ...trpc.conversations.get.queryOptions({ id }), retry: false });
  const messages = useQuery({ ...trpc.conversations.messages.queryOptions({ id }), retry: false });
  const markRead = useMutation(trpc.conversations.markRead.mutationOptions());
  const readBurst = useMarkReadBurst(id, markRead.mutate);
  // Still listening while a catch-up read fails: the chat on screen stays, with what it holds.
  const mayListen = details.data !== undefined && !isAccessRefusal(details.error);
  const messagesKey = trpc.conversations.messages.queryKey({ id });
  const detailsKey = trpc.conversations.get.queryKey({ id });
  const apply = (data: ConversationLiveEvent) => {
    // A read still on its way may have left the database before this change, and would undo it when it lands.
    rereadIfInFlight(queryClient, messagesKey);
    rereadIfInFlight(queryClient, detailsKey);
    if (data.type === 'message') {
      appendMessage(queryClient, trpc.conversations.messages.queryKey({ id }), data.message);
      if (data.message.senderId !== account?.id) readBurst();
      if (SETTLEMENT_NOTICES.has(data.message.kind)) {
        void queryClient.invalidateQueries({ queryKey: trpc.settlement.history.queryKey({ conversationId: id }) });
      }
    }
    if (data.type === 'updated') {
      const { state } = data;
      queryClient.setQueryData(trpc.conversations.get.queryKey({ id }), (old) => old && withState(old, state));
      void queryClient.invalidateQueries({ queryKey: trpc.settlement.history.queryKey({ conversationId: id }) });
    }
    if (data.type === 'read') {
      const ids = new Set(data.messageIds);
      queryClient.setQueryData(trpc.conversations.messages.queryKey({ id }), (old) =>
        old?.map((m) => (ids.has(m.id) ? { ...m, isRead: true } : m)),
      );
    }
  };
  // What changed before the subscription listened (or while the connection was lost) is read again.
  const onStarted = catchUpOnStart(queryClient, [
    trpc.conversations.messages.queryKey({ id }),
    trpc.conversations.get.queryKey({ id }),
  ]);
  useSubscription(
    trpc.conversations.events.subscriptionOptions(
      { id },
      { enabled: mayListen, onData: ({ data }) => apply(data), onStarted },
    ),
  );
  return { details, messages, markRead };
}

type MessagesKey = ReturnType<ReturnType<typeof useTRPC>['conversations']['messages']['queryKey']>;

/** Adds a message to the newest page once (the send's answer and the live event may both bring it). */
function appendMessage(queryClient: QueryClient, key: MessagesKey, message: ChatMessage) {
  queryClient.setQueryData(key, (old) => (old && !old.some((m) => m.id === message.id) ? [...old, message] : old));
}

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
    appendMessage(queryClient, trpc.conversations.messages.queryKey({ id }), step.message);
    queryClient.setQueryData(trpc.conversations.get.queryKey({ id }), (old) => old && withState(old, step.state));
  };
  return {
    send: useMutation(
      trpc.conversations.send.mutationOptions({
        onSuccess: (message) => appendMessage(queryClient, trpc.conversations.messages.queryKey({ id }), message),
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
  const onData = ({ data }: { data: ConversationLiveEvent }) => {
    if (data.type !== 'updated') return;
    const { state } = data;
    const views = [trpc.conversations.get.queryKey({ id }), trpc.conversations.adminView.queryKey({ id })] as const;
    for (const key of views) queryClient.setQueryData(key, (old) => old && withState(old, state));
    void queryClient.invalidateQueries({ queryKey: trpc.settlement.history.queryKey({ conversationId: id }) });
  };
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
