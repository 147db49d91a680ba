import type { inferRouterOutputs } from '@trpc/server';
import { levelSummary } from '../../../domain/progression/levels';
import type { AppRouter } from '../../../server/router';

type Outputs = inferRouterOutputs<AppRouter>['progression'];
/** The signed-in user's progress as progression.get answers it (the Progress page and the profile's cards). */
export type Progress = Outputs['get'];
export type ProgressQuest = Progress['quests'][number];
/** What a live subscription yields, from the router's type (the web imports only that from the server). */
type LiveData<S> = S extends AsyncIterable<{ data: infer D }> ? D : never;
/** One award on the user's own channel: xp-changed, badge-earned, quest-completed, level-up, streak. */
export type ProgressionLiveEvent = LiveData<Outputs['events']>;

/** The level fields as the server derives them (get-progression.ts), by the same domain function. */
function withXp(progress: Progress, xp: number, level: number): Progress {
  return { ...progress, xp, level, ...levelSummary(xp, level) };
}

/**
 * The cached progress after one live award, from what the event carries alone. Applying an event twice changes
 * nothing (a badge is listed once, a completed quest stays as it is), so a replay after a reconnect is harmless.
 */
export function applyProgressionEvent(
  progress: Progress,
  event: ProgressionLiveEvent,
  now: Date = new Date(),
): Progress {
  switch (event.type) {
    case 'xp-changed':
      return withXp(progress, event.xp, event.level);
    case 'streak':
      return { ...progress, streak: event.streak };
    case 'badge-earned':
      if (progress.badges.some((b) => b.slug === event.slug)) return progress;
      // Newest first, as the server lists them.
      return { ...progress, badges: [{ slug: event.slug, earnedAt: event.earnedAt }, ...progress.badges] };
    case 'quest-completed': {
      const quest = progress.quests.find((q) => q.slug === event.slug);
      if (!quest || quest.completed) return progress;
      const quests = progress.quests.map((q): ProgressQuest =>
        q.slug === event.slug
          ? { ...q, completed: true, current: q.target, percent: 100, completedAt: now.toISOString() }
          : q,
      );
      return { ...progress, quests, questsCompleted: quests.filter((q) => q.completed).length };
    }
    case 'level-up':
      // The xp-changed event that follows carries the new XP and level together; the level alone would draw the
      // bar against stale XP.
      return progress;
  }
}
