/**
 * Every text of the Progress page, badge dialog, celebrations and progression toasts (spec 1 sections 2 and 8),
 * verbatim where the spec gives the words. Texts the spec implies but does not spell out are marked "ours".
 */
export const PROGRESS_TEXTS = {
  title: 'Player Progress',
  /** Ours: the progress card on My Profile. */
  profileCard: 'Progress',
  signIn: 'Please sign in to view your progress.',
  loading: 'Loading your progress...',
  failed: 'Something went wrong',
  tryAgain: 'Try Again',
  /** The toast and the screen text of a failed load. */
  loadFailed: 'Failed to load progress data',
  levelCard: 'Level',
  streakCard: 'Daily Streak',
  badgesCard: 'Badges',
  streakZero: 'Start your streak!',
  /**
   * "N days in a row!"; for 1 we say "1 day in a row!" rather than the spec's template read literally ("1 days"),
   * because readers are young and a broken plural reads as a bug.
   */
  streakDays: (n: number) => `${n} ${n === 1 ? 'day' : 'days'} in a row!`,
  quests: 'Quests',
  noQuests: 'No quests available yet. Check back later!',
  questsCompleted: (done: number, total: number) => `${done}/${total} completed`,
  questXp: (xp: number) => `+${xp} XP`,
  levelRequired: (level: number) => `Level ${level}+ Required`,
  questProgress: (current: number, target: number) => `${current}/${target}`,
  inProgress: 'In Progress',
  completed: 'Completed',
  /** Ours: the Level card's number and XP line. */
  levelNumber: (level: number) => `Level ${level}`,
  levelXp: (xp: number, next: number) => `${xp} / ${next} XP`,
  /** Ours: the badge list's empty state. */
  noBadges: 'No badges yet. Keep going!',
} as const;

/** The all-badges dialog (spec 1 section 2): All plus the eight categories, and the earned count out of the total. */
export const BADGE_DIALOG_TEXTS = {
  /** Ours: the profile's card of badges, the button that opens the dialog and its title. */
  collectionTitle: 'Badge Collection',
  open: 'View All Badges',
  title: 'All Badges',
  allTab: 'All',
  categoryTabs: {
    activity: 'Activity',
    communication: 'Communication',
    streak: 'Streak',
    service: 'Service',
    quality: 'Quality',
    community: 'Community',
    profile: 'Profile',
    progression: 'Progression',
  },
  rarities: {
    common: 'Common',
    uncommon: 'Uncommon',
    rare: 'Rare',
    epic: 'Epic',
    legendary: 'Legendary',
  },
  earnedCount: (earned: number, total: number) => `${earned}/${total} earned`,
  earned: 'Earned',
  locked: 'Locked',
} as const;

export const CELEBRATION_TEXTS = {
  badge: 'Badge Earned!',
  quest: 'Quest Completed!',
  levelUp: 'LEVEL UP!',
  questXp: (xp: number) => `+${xp} XP`,
  /** Ours: "with the new level". */
  newLevel: (level: number) => `Level ${level}`,
  /** Ours: the overlays close on a tap; this names the button for keyboards and screen readers. */
  dismiss: 'Tap to dismiss',
} as const;

/** How long each celebration stays before closing itself, and the pause between two queued ones (spec 1 section 2). */
export const CELEBRATION_DURATIONS_MS = {
  badge: 3000,
  quest: 2500,
  levelUp: 4000,
} as const;
export const CELEBRATION_GAP_MS = 500;

/** Progression toasts (spec 1 section 8), with their durations. */
export const PROGRESS_TOASTS = {
  questCompleted: (title: string, xp: number) => `Quest "${title}" completed! +${xp} XP`,
  questCompletedMs: 4000,
  /** "Daily login! +{xp} XP earned!", then " {n} day streak!" when the streak is above 1. */
  dailyLogin: (xp: number, streak: number) =>
    `Daily login! +${xp} XP earned!${streak > 1 ? ` ${streak} day streak!` : ''}`,
  dailyLoginMs: 6000,
} as const;
