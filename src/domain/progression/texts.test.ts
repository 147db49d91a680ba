import { describe, expect, it } from 'vitest';
import { BADGE_CATEGORIES, BADGE_RARITIES } from './badges';
import {
  BADGE_DIALOG_TEXTS,
  CELEBRATION_DURATIONS_MS,
  CELEBRATION_GAP_MS,
  CELEBRATION_TEXTS,
  PROGRESS_TEXTS,
  PROGRESS_TOASTS,
} from './texts';

describe('progress texts (spec 1, sections 2 and 8)', () => {
  it('are the spec’s words', () => {
    expect(PROGRESS_TEXTS.title).toBe('Player Progress');
    expect(PROGRESS_TEXTS.signIn).toBe('Please sign in to view your progress.');
    expect(PROGRESS_TEXTS.loading).toBe('Loading your progress...');
    expect(PROGRESS_TEXTS.failed).toBe('Something went wrong');
    expect(PROGRESS_TEXTS.tryAgain).toBe('Try Again');
    expect(PROGRESS_TEXTS.loadFailed).toBe('Failed to load progress data');
    expect(PROGRESS_TEXTS.noQuests).toBe('No quests available yet. Check back later!');
    expect(PROGRESS_TEXTS.streakZero).toBe('Start your streak!');
    expect(PROGRESS_TEXTS.streakDays(5)).toBe('5 days in a row!');
    expect(PROGRESS_TEXTS.streakDays(1)).toBe('1 day in a row!');
    expect(PROGRESS_TEXTS.questsCompleted(3, 17)).toBe('3/17 completed');
    expect(PROGRESS_TEXTS.levelRequired(3)).toBe('Level 3+ Required');
    expect(PROGRESS_TEXTS.questXp(150)).toBe('+150 XP');
    expect(PROGRESS_TEXTS.questProgress(7, 10)).toBe('7/10');
    expect(PROGRESS_TEXTS.inProgress).toBe('In Progress');
    expect(PROGRESS_TEXTS.completed).toBe('Completed');
  });

  it('the daily login toast adds the streak only above 1', () => {
    expect(PROGRESS_TOASTS.dailyLogin(25, 1)).toBe('Daily login! +25 XP earned!');
    expect(PROGRESS_TOASTS.dailyLogin(25, 2)).toBe('Daily login! +25 XP earned! 2 day streak!');
    expect(PROGRESS_TOASTS.dailyLogin(35, 7)).toBe('Daily login! +35 XP earned! 7 day streak!');
    expect(PROGRESS_TOASTS.dailyLoginMs).toBe(6000);
  });

  it('the quest toast names the quest and its XP, for 4 s', () => {
    expect(PROGRESS_TOASTS.questCompleted('Say Hello', 25)).toBe('Quest "Say Hello" completed! +25 XP');
    expect(PROGRESS_TOASTS.questCompletedMs).toBe(4000);
  });

  it('celebrations: their headlines, 3 s / 2.5 s / 4 s, 500 ms apart', () => {
    expect(CELEBRATION_TEXTS.badge).toBe('Badge Earned!');
    expect(CELEBRATION_TEXTS.quest).toBe('Quest Completed!');
    expect(CELEBRATION_TEXTS.levelUp).toBe('LEVEL UP!');
    expect(CELEBRATION_DURATIONS_MS).toEqual({ badge: 3000, quest: 2500, levelUp: 4000 });
    expect(CELEBRATION_GAP_MS).toBe(500);
  });

  it('the badge dialog has All plus a tab per category, and a label per rarity', () => {
    expect(BADGE_DIALOG_TEXTS.allTab).toBe('All');
    expect(Object.keys(BADGE_DIALOG_TEXTS.categoryTabs)).toEqual([...BADGE_CATEGORIES]);
    expect(Object.keys(BADGE_DIALOG_TEXTS.rarities)).toEqual([...BADGE_RARITIES]);
    expect(BADGE_DIALOG_TEXTS.earnedCount(4, 37)).toBe('4/37 earned');
  });
});
