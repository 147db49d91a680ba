import { z } from 'zod';

/** Spec 3, section 9: a reaction is at most 20 characters (code points, as PostgreSQL's char_length counts). */
export const EMOJI_MAX = 20;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** One emoji as people type or pick it: a pictograph (with its modifiers and joiners), a flag, or a keycap. */
function isEmojiGrapheme(grapheme: string): boolean {
  if (/^\p{Regional_Indicator}{2}$/u.test(grapheme)) return true;
  if (/^[0-9#*]\uFE0F?\u20E3$/u.test(grapheme)) return true;
  // A pictograph, and nothing in it but pictographs and what joins, varies or tints them (tags: subdivision flags).
  return (
    /\p{Extended_Pictographic}/u.test(grapheme) &&
    /^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u200D|\uFE0F|\u20E3|[\u{E0020}-\u{E007F}])+$/u.test(grapheme)
  );
}

/**
 * Spec 3, section 5 (Emoji): a non-empty string of at most 20 characters made only of emoji symbols. So a UUID (a
 * message id sent as the emoji), a colon code such as :smile: and an HTML entity are all refused, and an invalid
 * emoji is never stored. Stored reactions are read back through the same check (invalid ones show as "?").
 */
export function isValidEmoji(value: string): boolean {
  if (value.length === 0 || [...value].length > EMOJI_MAX) return false;
  for (const { segment } of graphemes.segment(value)) if (!isEmojiGrapheme(segment)) return false;
  return true;
}

/** What a stored reaction shows: itself, or a question mark when it is not an emoji (spec 3, section 5). */
export const shownEmoji = (stored: string): string => (isValidEmoji(stored) ? stored : '?');

export const emojiSchema = z.string().refine(isValidEmoji, { error: 'Invalid emoji' });

/** The picker's six categories, 8 per row (spec 3, section 9). */
export const EMOJI_PICKER_PER_ROW = 8;
export const EMOJI_CATEGORIES = [
  {
    id: 'people',
    label: 'People',
    emoji: ['😀', '😃', '😄', '😁', '😆', '😅', '😂', '🤣', '😊', '😇', '🙂', '🙃', '😉', '😍', '🥰', '😘'],
  },
  {
    id: 'nature',
    label: 'Nature',
    emoji: ['🐶', '🐱', '🐭', '🐹', '🐰', '🦊', '🐻', '🐼', '🌸', '🌻', '🌲', '🌵', '🍀', '🌈', '⭐', '🔥'],
  },
  {
    id: 'food',
    label: 'Food',
    emoji: ['🍎', '🍌', '🍇', '🍓', '🍒', '🍑', '🍍', '🥑', '🍕', '🍔', '🍟', '🌮', '🍩', '🍪', '🎂', '☕'],
  },
  {
    id: 'activity',
    label: 'Activity',
    emoji: ['⚽', '🏀', '🏈', '⚾', '🎾', '🏐', '🎱', '🏓', '🎯', '🎮', '🎲', '🎨', '🎸', '🎹', '🏆', '🥇'],
  },
  {
    id: 'objects',
    label: 'Objects',
    emoji: ['💡', '📚', '✏️', '📝', '💻', '📱', '📷', '🎧', '⏰', '🎁', '🔑', '🔒', '📌', '📎', '✂️', '🧮'],
  },
  {
    id: 'symbols',
    label: 'Symbols',
    emoji: ['❤️', '🧡', '💛', '💚', '💙', '💜', '👍', '👎', '👏', '🙌', '💯', '✅', '❌', '❓', '❗', '🎉'],
  },
] as const;
