import { describe, expect, it } from 'vitest';
import { EMOJI_CATEGORIES, EMOJI_PICKER_PER_ROW, isValidEmoji, shownEmoji } from './emoji';

describe('emoji validation (spec 3, section 5)', () => {
  it.each(['👍', '❤️', '👍🏽', '👨‍👩‍👧‍👦', '🇫🇷', '1️⃣', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '🔥🔥🔥', '☕'])('accepts %s', (emoji) => {
    expect(isValidEmoji(emoji)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['a UUID (a message id sent as the emoji)', '0b9f4a3e-6c1d-4d7e-9a2b-3c4d5e6f7a8b'],
    ['a colon code', ':smile:'],
    ['an HTML entity', '&#128512;'],
    ['a named HTML entity', '&hearts;'],
    ['letters', 'lol'],
    ['digits alone', '123'],
    ['an emoji with text', '👍 nice'],
    ['markup', '<img src=x onerror=alert(1)>'],
    ['more than 20 characters', '😀'.repeat(21)],
  ])('refuses %s', (_label, value) => {
    expect(isValidEmoji(value)).toBe(false);
  });

  it('accepts exactly 20 characters and shows a stored invalid one as a question mark', () => {
    expect(isValidEmoji('😀'.repeat(20))).toBe(true);
    expect(shownEmoji(':smile:')).toBe('?');
    expect(shownEmoji('🎉')).toBe('🎉');
  });

  it('the picker has the six categories, every entry a valid emoji, rows of 8', () => {
    expect(EMOJI_CATEGORIES.map((c) => c.id)).toEqual(['people', 'nature', 'food', 'activity', 'objects', 'symbols']);
    expect(EMOJI_PICKER_PER_ROW).toBe(8);
    for (const category of EMOJI_CATEGORIES) {
      expect(category.emoji.length % EMOJI_PICKER_PER_ROW).toBe(0);
      for (const emoji of category.emoji) expect(isValidEmoji(emoji), emoji).toBe(true);
    }
  });
});
