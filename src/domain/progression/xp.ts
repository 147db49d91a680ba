/**
 * XP a user earns for an action, beyond quests (their own XP) and the daily login (streaks.ts). Badges grant no XP.
 *
 * Only messages earn XP directly: 2 XP a message, at most 50 XP a day from messages (25 messages), so spamming a room
 * or a friend cannot buy levels. Quest progress and badges still count every message. Other
 * actions (services, reviews, portfolio) earn XP through their quests only: each of those pays once, however often
 * the action is repeated.
 *
 * "A day" is the user's calendar day (streaks.ts calendarDayIn) in the zone of their latest daily login, UTC if none,
 * so the help text's "a day" means the day the user lives.
 */
export const XP_ACTIONS = {
  message_sent: { xp: 2, dailyCap: 50 },
} as const satisfies Record<string, { xp: number; dailyCap: number }>;

export type XpAction = keyof typeof XP_ACTIONS;

export const MESSAGE_XP = XP_ACTIONS.message_sent.xp;
export const MESSAGE_XP_DAILY_CAP = XP_ACTIONS.message_sent.dailyCap;

/**
 * The XP one more action grants, given the XP this action already earned the user today: the action's XP, cut so
 * the day's total never passes the cap (0 once it is reached).
 */
export function xpForAction(action: XpAction, earnedTodayFromAction: number): number {
  const { xp, dailyCap } = XP_ACTIONS[action];
  const earned = Number.isFinite(earnedTodayFromAction) ? Math.max(0, earnedTodayFromAction) : dailyCap;
  return Math.max(0, Math.min(xp, dailyCap - earned));
}

/** The Progress page's help text about the cap (shown under the Level card). */
export const MESSAGE_XP_HELP = `Each message you send earns ${MESSAGE_XP} XP, up to ${MESSAGE_XP_DAILY_CAP} XP a day. Every message still counts toward your quests and badges.`;
