import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  derivePresence,
  PRESENCE_HEARTBEAT_MS,
  PRESENCE_WATCH_MAX,
  type PresenceStatus,
} from '../../../domain/presence';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useLiveSubscription } from '../../lib/use-live-subscription';
import { useSession } from '../accounts/api';
import { createPresenceBatcher } from './presence-batch';
import { applyPresenceChange } from './presence-cache';
import { subscribeWatchedUsers, watchedUsers, watchUser } from './watched-users';

/** Dots mount and unmount in bursts as a page renders: one subscription change per burst. */
const WATCH_SETTLE_MS = 300;

/** While a page is open and the user signed in: a heartbeat every 30 s, withdrawn when the page goes away. */
export function usePresenceHeartbeat(userId: string | null) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { mutate } = useMutation(
    trpc.presence.heartbeat.mutationOptions({
      // The live channel may not be connected yet on the first beat: refresh our own dot directly.
      onSuccess: () =>
        queryClient.invalidateQueries({ queryKey: trpc.presence.of.queryKey({ userIds: [userId ?? ''] }) }),
    }),
  );
  useEffect(() => {
    if (!userId) return;
    const beat = () => mutate();
    beat();
    const timer = setInterval(beat, PRESENCE_HEARTBEAT_MS);
    const onVisible = () => document.visibilityState === 'visible' && beat();
    const onHide = () => navigator.sendBeacon('/api/presence/leave');
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('pagehide', onHide);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pagehide', onHide);
    };
  }, [userId, mutate]);
}

/** The watched users, once they stopped changing for a moment. */
function useSettledWatchedUsers(): string[] {
  const current = useSyncExternalStore(subscribeWatchedUsers, watchedUsers, watchedUsers);
  const [settled, setSettled] = useState(current);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(current), WATCH_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [current]);
  return settled;
}

/**
 * One live presence subscription for the app, about the users whose dots are on screen (signed-in users only):
 * each event carries that user's record, which replaces the cached one. A (re)start reads the watched users' dots
 * again, for what changed before it listened (a dot read before the watched set settled) or while it was away.
 */
export function usePresenceEvents() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { account } = useSession();
  const userIds = useSettledWatchedUsers().slice(0, PRESENCE_WATCH_MAX);
  useLiveSubscription(
    trpc.presence.events.subscriptionOptions({ userIds }, { enabled: Boolean(account) && userIds.length > 0 }),
    {
      watched: userIds.map((userId) => trpc.presence.of.queryKey({ userIds: [userId] })),
      onEvent: (change) =>
        queryClient.setQueryData(trpc.presence.of.queryKey({ userIds: [change.userId] }), (cached) =>
          applyPresenceChange(cached, change),
        ),
    },
  );
}

type TrpcClient = ReturnType<typeof useTRPCClient>;
const batchers = new WeakMap<TrpcClient, ReturnType<typeof createPresenceBatcher<PresenceOfRecord>>>();
type PresenceOfRecord = Awaited<ReturnType<TrpcClient['presence']['of']['query']>>[number];

/** One batcher per client (per tab): every dot on screen shares it. */
function presenceBatcher(client: TrpcClient) {
  let batcher = batchers.get(client);
  if (!batcher) {
    batcher = createPresenceBatcher((userIds) => client.presence.of.query({ userIds }));
    batchers.set(client, batcher);
  }
  return batcher;
}

/** Re-renders every `ms` so time-derived statuses (online -> away -> offline) move on by themselves. */
function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** A user's presence, for signed-in viewers only (visitors see no dots); the user joins the watched set meanwhile. */
export function usePresenceStatus(userId: string | null): PresenceStatus | null {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const now = useNow(15_000);
  const { account } = useSession();
  const signedIn = Boolean(account);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId || !signedIn) return;
    const unwatch = watchUser(userId);
    return () => {
      // Changes of an unwatched user are not sent: their record is refetched when a page shows them again.
      if (unwatch()) {
        void queryClient.invalidateQueries({
          queryKey: trpc.presence.of.queryKey({ userIds: [userId] }),
          refetchType: 'none',
        });
      }
    };
  }, [userId, signedIn, queryClient, trpc]);
  // Cached per user (live events update one user's record), fetched together with the other dots of the page.
  const query = useQuery({
    ...trpc.presence.of.queryOptions({ userIds: userId ? [userId] : [] }),
    queryFn: () => presenceBatcher(client)(userId!),
    enabled: Boolean(userId) && signedIn,
    staleTime: Infinity,
  });
  if (!userId || !signedIn || !query.data) return null;
  const record = query.data[0];
  return derivePresence(
    record ? { onlineAt: record.onlineAt, manualStatus: record.manualStatus as PresenceStatus | null } : null,
    now,
  );
}
