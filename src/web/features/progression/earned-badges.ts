import { badgeDefinition, type BadgeDefinition } from '../../../domain/progression/badges';
import type { Progress } from './progress-cache';

export type EarnedBadge = Progress['badges'][number];

/**
 * The earned badges this build knows, newest first, each once. A slug it does not know (a badge added by a newer
 * server, or a row gone wrong) is skipped: it could be neither drawn nor named, so it is not counted either.
 */
export function knownEarnedBadges(badges: readonly EarnedBadge[]): BadgeDefinition[] {
  const seen = new Set<string>();
  return badges.flatMap((b) => {
    const badge = badgeDefinition(b.slug);
    if (!badge || seen.has(badge.slug)) return [];
    seen.add(badge.slug);
    return [badge];
  });
}

/** The one earned count (the Badges card, the profile's collection, the all-badges dialog): known badges only. */
export function earnedBadgeCount(badges: readonly EarnedBadge[]): number {
  return knownEarnedBadges(badges).length;
}
