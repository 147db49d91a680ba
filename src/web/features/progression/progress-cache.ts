import type { inferRouterOutputs } from '@trpc/server';
import { levelSummary } from '../../../domain/progression/levels';
import type { AppRouter } from '../../../server/router';

type Outputs = inferRouterOutputs<AppRouter>['progression'];
/** The signed-in user's progress as progression.get answers it (the Progress page and the profile's cards). */
export type Progress = Outputs['get'];
export type ProgressQuest = Progress['quests'][number];
/** What a live subscription yields, from the router's type (the web imports only that from the server). */
type LiveData<S> = S extends AsyncIterable<{ data: infer D }> ? D : never;
/** One award on the user's own channel: xp-changed, badge-earned, quest-completed, level-up, streak, quest-progress. */
export type ProgressionLiveEvent = LiveData<Outputs['events']>;

/** progression.checkIn's answer: nothing awarded, or the login's XP and streak with the totals after it. */
export type CheckInAnswer = Outputs['checkIn'];

/** The level fields as the server derives them (get-progression.ts), by the same domain function. */
function withXp(progress: Progress, xp: number, level: number): Progress {
  return { ...progress, xp, level, ...levelSummary(xp, level) };
}

/** The server's order of the quest list (get-progression.ts): min_level, then XP, then slug. */
function questOrder(a: ProgressQuest, b: ProgressQuest): number {
  return a.minLevel - b.minLevel || a.xp - b.xp || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
}

/**
 * The list with the quests a new level offers, each where the server would list it. Those already listed stay as
 * they are (a replayed level-up, or a list read after the level was reached), and the others keep their places: a
 * new quest goes before the first listed quest it sorts before.
 */
function withOfferedQuests(listed: readonly ProgressQuest[], offered: readonly ProgressQuest[]): ProgressQuest[] {
  const quests = [...listed];
  for (const quest of offered) {
    if (quests.some((q) => q.slug === quest.slug)) continue;
    const at = quests.findIndex((q) => questOrder(quest, q) < 0);
    quests.splice(at === -1 ? quests.length : at, 0, quest);
  }
  return quests;
}

/**
 * The cached progress after one live award, from what the event carries alone. Applying an event twice changes
 * nothing (a badge is listed once, a completed quest stays as it is, a count is set, not added), so a replay after
 * a reconnect is harmless; an event that changes nothing returns the same object, so nothing re-renders.
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
    case 'level-up': {
      // The level and bar wait for the xp-changed event that follows with the new XP and level together (the level
      // alone would draw the bar against stale XP); this one brings the quests the new level offers.
      const quests = withOfferedQuests(progress.quests, event.quests);
      if (quests.length === progress.quests.length) return progress;
      // An offered quest may already be complete (the same review completed it): the N/M line counts it.
      return { ...progress, quests, questsCompleted: quests.filter((q) => q.completed).length };
    }
    case 'quest-progress': {
      const counts = new Map(event.quests.map((c) => [c.slug, c]));
      let changed = false;
      const quests = progress.quests.map((q): ProgressQuest => {
        const count = counts.get(q.slug);
        // A completed quest reads full for good (the server's rule), even if a count fell since.
        if (!count || q.completed) return q;
        if (count.current === q.current && count.target === q.target && count.percent === q.percent) return q;
        changed = true;
        return { ...q, current: count.current, target: count.target, percent: count.percent };
      });
      return changed ? { ...progress, quests } : progress;
    }
  }
}

/**
 * The cached progress after this page load's daily login: the streak, and the XP and level right after the login's
 * grant (the answer may come before this tab's subscription has started, so its xp-changed event can be missed).
 * XP never falls, so totals lower than the cached ones are older than an event already applied and are left out.
 */
export function applyCheckIn(progress: Progress, answer: CheckInAnswer): Progress {
  if (!answer.awarded) return progress;
  const withStreak = { ...progress, streak: answer.awarded.streak };
  if (answer.progress.xp < progress.xp) return withStreak;
  return withXp(withStreak, answer.progress.xp, answer.progress.level);
}
