/**
 * Level math of spec 1, sections 4 and 9: level N spans XP from N*500 up to (N+1)*500, the bar toward the next level
 * is clamped to 0..100 percent, and every level has a title.
 */
export const LEVEL_SPAN = 500;

/** Titles of levels 0 to 10, in order (spec 1, section 4). */
export const LEVEL_TITLES = [
  'Newcomer',
  'Explorer',
  'Apprentice',
  'Skilled Worker',
  'Expert',
  'Master',
  'Veteran',
  'Elite',
  'Champion',
  'Legend',
  'Grandmaster',
] as const;

export const UNKNOWN_LEVEL_TITLE = 'Unknown';

/** XP as stored is a non-negative integer; anything else (NaN, negative, fractional) is read as the XP below it. */
function cleanXp(xp: number): number {
  return Number.isFinite(xp) && xp > 0 ? Math.floor(xp) : 0;
}

function isLevel(level: unknown): level is number {
  return typeof level === 'number' && Number.isSafeInteger(level) && level >= 0;
}

/** The level an XP total reaches: floor(xp / 500); invalid or negative XP is level 0. */
export function levelForXp(xp: number): number {
  return Math.floor(cleanXp(xp) / LEVEL_SPAN);
}

/** The XP at which a level starts (inclusive) and the next one starts (exclusive). */
export function levelBounds(level: number): { min: number; next: number } {
  const safe = isLevel(level) ? level : 0;
  return { min: safe * LEVEL_SPAN, next: (safe + 1) * LEVEL_SPAN };
}

/**
 * Whole percent of the way from the level's start to the next level, clamped to 0..100. The level is passed apart
 * because user_xp stores it beside the XP: should the two ever disagree the bar stays in range instead of overflowing.
 */
export function levelProgressPercent(xp: number, level: number = levelForXp(xp)): number {
  const { min } = levelBounds(level);
  const percent = Math.floor(((cleanXp(xp) - min) / LEVEL_SPAN) * 100);
  return Math.min(100, Math.max(0, percent));
}

/** XP still needed to reach the next level (0 when the stored level lags behind the XP). */
export function xpToNextLevel(xp: number, level: number = levelForXp(xp)): number {
  return Math.max(0, levelBounds(level).next - cleanXp(xp));
}

/** "Newcomer" ... "Grandmaster", then "Grandmaster 2" for level 11 (level minus 9); anything else "Unknown". */
export function levelTitle(level: unknown): string {
  if (!isLevel(level)) return UNKNOWN_LEVEL_TITLE;
  const title = LEVEL_TITLES[level];
  if (title) return title;
  return `Grandmaster ${level - 9}`;
}

/** What every view of a level shows (the Level card, the profile's card): derived from XP and level, never stored. */
export function levelSummary(xp: number, level: number) {
  return {
    levelTitle: levelTitle(level),
    progressPercent: levelProgressPercent(xp, level),
    xpToNextLevel: xpToNextLevel(xp, level),
    nextLevelXp: levelBounds(level).next,
  };
}
