import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  createElement,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { toast } from '../../lib/toast';
import { AUTH_MESSAGES } from '../../../domain/auth-messages';
import { useTheme } from '../../app/theme';
import { usePinnedToServer } from '../../lib/hydrate-later';
import { reconnectRealtime, SESSION_ENDED_EVENT, useTRPC, useTRPCClient } from '../../lib/trpc';
import { useLiveSubscription } from '../../lib/use-live-subscription';

function useSessionQuery() {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.accounts.me.queryOptions(), staleTime: 5 * 60_000 });
  const { data: account, isPending: isLoading, refetch } = query;
  // Only a session never read is an error: a re-read that fails (a catch-up while the network drops) keeps the one
  // known, instead of replacing every page with the could-not-reach-the-server screen.
  const isError = query.isError && account === undefined;
  return useMemo(() => ({ account, isLoading, isError, refetch }), [account, isLoading, isError, refetch]);
}

type Session = ReturnType<typeof useSessionQuery>;

const SessionContext = createContext<{ session: Session; first: Pick<Session, 'account' | 'isLoading'> } | null>(null);

/**
 * The session read once for the whole app: a page of cards asks for it in every card's buttons, and one query
 * observer per caller was a measurable share of a listing page's hydration.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const session = useSessionQuery();
  // The session as the page's first render had it, which on a rendered page is the server's: unknown, or a visitor
  // for certain when the request carried no session cookie (entry-server.tsx).
  const [first] = useState(() => ({ account: session.account, isLoading: session.isLoading }));
  const value = useMemo(() => ({ session, first }), [session, first]);
  return createElement(SessionContext.Provider, { value }, children);
}

/** The signed-in account (null for a visitor); undefined while still loading. */
export function useSession(): Session {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession needs a SessionProvider (app/providers.tsx)');
  const { session, first } = context;
  // A part hydrating after the page's first pass reads the session as the server did (lib/hydrate-later.tsx).
  const pinned = usePinnedToServer();
  return useMemo(() => (pinned ? { ...session, ...first } : session), [pinned, session, first]);
}

/** Forgets everything cached for the previous user and applies the signed-out theme. */
export function useClearSession() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { applySignOut } = useTheme();
  return useCallback(
    ({ silent = false }: { silent?: boolean } = {}) => {
      const meKey = trpc.accounts.me.queryKey();
      queryClient.setQueryData(meKey, null);
      reconnectRealtime();
      queryClient.removeQueries({ predicate: (q) => JSON.stringify(q.queryKey) !== JSON.stringify(meKey) });
      applySignOut();
      // One toast, whether this tab signed out or heard it from another (sonner merges toasts by id).
      if (!silent) toast.info(AUTH_MESSAGES.signedOut, { id: 'signed-out' });
    },
    [queryClient, trpc, applySignOut],
  );
}

export function useSignOut() {
  const clear = useClearSession();
  return useCallback(async () => {
    // Others see this user go offline at once, not after the presence timeout.
    await fetch('/api/presence/leave', { method: 'POST' }).catch(() => null);
    // A plain request keeps better-auth's client out of the first page load (it is loaded with /auth). The
    // "signed out" event may reach this tab's socket before the response clears the cookie: registered as a
    // session change, that event waits for it instead of finding the old cookie still signed in.
    const response = await whileSessionRotates(
      fetch('/api/auth/sign-out', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }).catch(() => null),
    );
    if (!response?.ok) {
      const body = (await response?.json().catch(() => null)) as { message?: string } | null;
      toast.error(body?.message || AUTH_MESSAGES.errorSigningOut);
      return false;
    }
    // The server forgot this device's push with the session; the browser forgets it too, so the next person signed in
    // here starts with push off.
    void forgetPushSubscription();
    clear();
    return true;
  }, [clear]);
}

async function forgetPushSubscription() {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration('/').catch(() => undefined);
  const subscription = await registration?.pushManager?.getSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => false);
}

/**
 * A password change or enabling two-factor replaces this browser's session with a new one: the server ends the old
 * one (and tells its sockets), possibly before this tab has stored the new cookie. The change is registered here so
 * that the old session's end waits for it instead of signing this tab out.
 */
let sessionRotation: Promise<unknown> = Promise.resolve();
export function whileSessionRotates<T>(change: Promise<T>): Promise<T> {
  sessionRotation = change.catch(() => null);
  return change;
}

/**
 * How long the request that ended a session may still be running when its end is heard: another tab's sign-out is
 * still deleting the session, or a new cookie is still on its way to this browser.
 */
const SESSION_RECHECK_MS = 400;

/**
 * A session that ends (signed out in another tab, password changed on another device...) signs this tab out; one
 * this browser replaced (a new cookie already holds a session) only reconnects the live socket with the new one.
 * Heard either as the session's "signed out" event or as the server closing this tab's socket for that reason.
 */
export function useSessionEvents(signedIn: boolean) {
  const trpc = useTRPC();
  const clear = useClearSession();
  const client = useTRPCClient();
  const recheck = useCallback(async () => {
    await sessionRotation;
    await new Promise((resolve) => setTimeout(resolve, SESSION_RECHECK_MS));
    // Asked outside the query cache: an answer racing this tab's own sign-out must not put the account back in it.
    const stillSignedIn = (await client.accounts.me.query().catch(() => null)) != null;
    if (stillSignedIn) reconnectRealtime();
    else clear();
  }, [client, clear]);
  useEffect(() => {
    if (!signedIn) return;
    const onEnded = () => void recheck();
    window.addEventListener(SESSION_ENDED_EVENT, onEnded);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, onEnded);
  }, [signedIn, recheck]);
  // No cached query holds the session's end, so nothing is caught up: an end heard while the socket was away is
  // replayed on resume, as long as the server still remembers it.
  useLiveSubscription(trpc.accounts.sessionEvents.subscriptionOptions(undefined, { enabled: signedIn }), {
    watched: [],
    onEvent: (event) => {
      if (event.type === 'signed-out') void recheck();
    },
  });
}

export function useRefreshSession() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    reconnectRealtime();
    await queryClient.invalidateQueries({ queryKey: trpc.accounts.me.queryKey() });
  }, [queryClient, trpc]);
}
