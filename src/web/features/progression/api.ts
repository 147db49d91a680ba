import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { FALLBACK_TIME_ZONE, TIME_ZONE_MAX } from '../../../domain/progression/streaks';
import { PROGRESS_TOASTS } from '../../../domain/progression/texts';
import { useTRPC } from '../../lib/trpc';
import { celebrations, type Celebration } from './celebrations';
import { applyCheckIn, applyProgressionEvent, type ProgressionLiveEvent } from './progress-cache';

/**
 * The signed-in user's progress. Read once, then kept current by the shell's live subscription alone: every award
 * and every quest count travels in an event (useProgressionEvents), so a later mount shows the cache as it is, with
 * no refetch (never stale). Sign-out removes it with the rest of the user's cache.
 */
export function useProgress({ enabled = true }: { enabled?: boolean } = {}) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.progression.get.queryOptions(), enabled, staleTime: Infinity });
}

/**
 * Calls `onRestarted` when a subscription starts again after a lost connection, not when it first starts: the
 * query has just loaded what it shows.
 */
function useRestarted(onRestarted: () => void) {
  const started = useRef(false);
  return () => {
    if (started.current) onRestarted();
    started.current = true;
  };
}

/** The overlay an award asks for, if any (xp and streak changes only update the cards). */
function celebrationFor(id: string, event: ProgressionLiveEvent): Celebration | null {
  switch (event.type) {
    case 'badge-earned':
      return { kind: 'badge', id, slug: event.slug };
    case 'quest-completed':
      return { kind: 'quest', id, title: event.title, xp: event.xp };
    case 'level-up':
      return { kind: 'levelUp', id, level: event.level };
    default:
      return null;
  }
}

/**
 * The user's own awards, live (progression.events), mounted once in the shell: each event patches the cached
 * progress (level bar, badges, quests, streak) and queues its celebration and the quest toast. Only events that
 * arrive on the socket celebrate: a reload subscribes afresh (no last event id, so no replay) and shows nothing
 * again; two tabs each get the event once.
 */
export function useProgressionEvents(userId: string | null) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = trpc.progression.get.queryKey();
  // The one refetch left: after a lost connection the bus replays only what it still remembers (200 events, 5 minutes,
  // nothing from before a server restart) and does not say whether that covered the gap, so what this tab may have
  // missed is read again once. Every other change arrives in an event.
  const onStarted = useRestarted(() => void queryClient.invalidateQueries({ queryKey: key }));

  // Signing out (or another user signing in in this tab) must not leave this user's celebrations showing.
  useEffect(() => () => celebrations.clear(), [userId]);

  useSubscription(
    trpc.progression.events.subscriptionOptions(undefined, {
      enabled: userId !== null,
      onStarted,
      onData: ({ id, data }) => {
        queryClient.setQueryData(key, (old) => old && applyProgressionEvent(old, data));
        if (data.type === 'quest-completed') {
          toast.success(PROGRESS_TOASTS.questCompleted(data.title, data.xp), {
            id: `quest-${data.slug}`,
            duration: PROGRESS_TOASTS.questCompletedMs,
          });
        }
        const celebration = celebrationFor(`${userId}:${id}`, data);
        if (celebration) celebrations.push(celebration);
      },
    }),
  );
}

/** The browser's IANA zone, for the user's calendar day; UTC when the browser gives none the server would take. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && zone.length <= TIME_ZONE_MAX ? zone : FALLBACK_TIME_ZONE;
}

/** Users already checked in by this page load (spec 1 section 4: "once per session load per user"). */
const checkedIn = new Set<string>();

/**
 * The daily login, once per page load per signed-in user: the server decides whether today (in the browser's zone)
 * counts, and says so with the XP and the streak; the toast is the spec's (6 s). The toast lives in the mutation's
 * options, so it shows even if the shell re-renders the component away.
 */
export function useDailyCheckIn(userId: string | null) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { mutate } = useMutation(
    trpc.progression.checkIn.mutationOptions({
      onSuccess: (answer) => {
        if (!answer.awarded) return;
        toast.success(PROGRESS_TOASTS.dailyLogin(answer.awarded.xp, answer.awarded.streak), {
          id: 'daily-login',
          duration: PROGRESS_TOASTS.dailyLoginMs,
        });
        // The answer carries the totals after the login: the cards take them, with nothing read again.
        queryClient.setQueryData(trpc.progression.get.queryKey(), (old) => old && applyCheckIn(old, answer));
      },
      // A failed check-in (offline) is tried again on the next sign-in or load; nothing to tell the user.
      onError: () => {
        if (userId) checkedIn.delete(userId);
      },
    }),
  );
  useEffect(() => {
    if (!userId || checkedIn.has(userId)) return;
    checkedIn.add(userId);
    mutate({ timeZone: browserTimeZone() });
  }, [userId, mutate]);
}
