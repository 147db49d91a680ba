import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../lib/toast';
import { FALLBACK_TIME_ZONE, TIME_ZONE_MAX } from '../../../domain/progression/streaks';
import { PROGRESS_TOASTS } from '../../../domain/progression/texts';
import { localTimeZone } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';
import { celebrations, type Celebration } from './celebrations';
import { applyCheckIn, applyProgressionEvent, type ProgressionLiveEvent } from './progress-cache';
import { applyToCached } from '../../lib/live-cache';
import { useLiveSubscription } from '../../lib/use-live-subscription';

/**
 * Awards and quest counts travel in events (useProgressionEvents), so the progress is not read again on each mount.
 * It does go stale after a while: a count can also fall (a room left, a service deleted), which no award announces.
 */
export const PROGRESS_STALE_MS = 5 * 60_000;

/** The signed-in user's progress, kept current by the shell's live subscription. Sign-out removes it. */
export function useProgress({ enabled = true }: { enabled?: boolean } = {}) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.progression.get.queryOptions(), enabled, staleTime: PROGRESS_STALE_MS });
}

/** Whether this tab's progression subscription is running: until it is, an award's events can pass unheard. */
let listening = false;
const setListening = (on: boolean) => {
  listening = on;
};

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

  // Signing out (or another user signing in in this tab) must not leave this user's celebrations showing.
  useEffect(() => () => celebrations.clear(), [userId]);

  // The one read left is the hook's catch-up at each (re)start: what was awarded between the page's read and this
  // start, or during a lost connection (the bus replays only what it still remembers: 200 events, 5 minutes, nothing
  // from before a server restart, without saying whether that covered the gap). Every later change is an event.
  useLiveSubscription(trpc.progression.events.subscriptionOptions(undefined, { enabled: userId !== null }), {
    watched: [key],
    onStarted: () => setListening(true),
    onStopped: () => setListening(false),
    onEvent: (event, id) => {
      applyToCached(queryClient, key, (old) => applyProgressionEvent(old, event));
      if (event.type === 'quest-completed') {
        toast.success(PROGRESS_TOASTS.questCompleted(event.title, event.xp), {
          id: `quest-${event.slug}`,
          duration: PROGRESS_TOASTS.questCompletedMs,
        });
      }
      const celebration = celebrationFor(`${userId}:${id}`, event);
      if (celebration) celebrations.push(celebration);
    },
  });
}

/** The browser's IANA zone, for the user's calendar day; UTC when the browser gives none the server would take. */
export function browserTimeZone(): string {
  const zone = localTimeZone();
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
        // The answer carries the totals after the login: the cards take them. The badges and quests the login may
        // have completed come as events; only if the subscription was not running yet are they read instead.
        const key = trpc.progression.get.queryKey();
        queryClient.setQueryData(key, (old) => old && applyCheckIn(old, answer));
        if (!listening) void queryClient.invalidateQueries({ queryKey: key });
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
