import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useEffect, useState } from 'react';
import { derivePresence, PRESENCE_HEARTBEAT_MS, type PresenceStatus } from '../../../domain/presence';
import { useTRPC } from '../../lib/trpc';

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

/** One live presence channel for the app: each event updates the cached record of that user. */
export function usePresenceEvents() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useSubscription(
    trpc.presence.events.subscriptionOptions(undefined, {
      onData: ({ data }) => {
        queryClient.setQueryData(trpc.presence.of.queryKey({ userIds: [data.userId] }), [data]);
      },
    }),
  );
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

export function usePresenceStatus(userId: string | null): PresenceStatus | null {
  const trpc = useTRPC();
  const now = useNow(15_000);
  const query = useQuery({
    ...trpc.presence.of.queryOptions({ userIds: userId ? [userId] : [] }),
    enabled: Boolean(userId),
    staleTime: Infinity,
  });
  if (!userId || !query.data) return null;
  const record = query.data[0];
  return derivePresence(
    record ? { onlineAt: record.onlineAt, manualStatus: record.manualStatus as PresenceStatus | null } : null,
    now,
  );
}
