import { describe, expect, it } from 'vitest';
import {
  matchMembers,
  mentionQueryAt,
  mentionSegments,
  mentionsSchema,
  MENTIONS_MAX,
  muteEndsAt,
  mutedUntilText,
  setMuteSchema,
  unreadCountLabel,
} from './chat-essentials';

const cora = { userId: 'c', firstName: 'Cora', lastName: 'Creator' };
const co = { userId: 'o', firstName: 'Co', lastName: null };

describe('mentions', () => {
  it('highlights only the mentions the message carries, the longest name first', () => {
    expect(mentionSegments('hi @Cora Creator and @Co, not @Bob', [co, cora])).toEqual([
      { text: 'hi ', mention: null },
      { text: '@Cora Creator', mention: cora },
      { text: ' and ', mention: null },
      { text: '@Co', mention: co },
      { text: ', not @Bob', mention: null },
    ]);
    expect(mentionSegments('@Cora Creator', [])).toEqual([{ text: '@Cora Creator', mention: null }]);
  });

  it('finds the query being typed after an @ that starts a word', () => {
    expect(mentionQueryAt('hello @Co', 9)).toEqual({ start: 6, query: 'Co' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('mail me@home', 12)).toBeNull();
    expect(mentionQueryAt('no at here', 5)).toBeNull();
  });

  it('filters members by first, last or full name, from its start', () => {
    expect(matchMembers([cora, co], 'co')).toEqual([cora, co]);
    expect(matchMembers([cora, co], 'cre')).toEqual([cora]);
    expect(matchMembers([cora, co], 'cora c')).toEqual([cora]);
    expect(matchMembers([cora, co], 'x')).toEqual([]);
  });

  it('a message carries at most the maximum of mentions', () => {
    expect(mentionsSchema.safeParse(Array.from({ length: MENTIONS_MAX }, () => 'a')).success).toBe(true);
    expect(mentionsSchema.safeParse(Array.from({ length: MENTIONS_MAX + 1 }, () => 'a')).success).toBe(false);
  });
});

describe('unread and mutes', () => {
  it('reads 99+ past the cap and nothing for zero', () => {
    expect(unreadCountLabel(0)).toBeNull();
    expect(unreadCountLabel(7)).toBe('7');
    expect(unreadCountLabel(99)).toBe('99');
    expect(unreadCountLabel(100)).toBe('99+');
  });

  it('ends a mute after its duration, or never', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(muteEndsAt('1h', now)?.toISOString()).toBe('2026-01-01T01:00:00.000Z');
    expect(muteEndsAt('8h', now)?.toISOString()).toBe('2026-01-01T08:00:00.000Z');
    expect(muteEndsAt('1w', now)?.toISOString()).toBe('2026-01-08T00:00:00.000Z');
    expect(muteEndsAt('forever', now)).toBeNull();
    expect(mutedUntilText(null, String)).toBe('Muted until you turn it back on');
    expect(mutedUntilText('2026-01-01T01:00:00Z', () => 'Thu 01:00')).toBe('Muted until Thu 01:00');
  });

  it('mutes a room or a conversation, never both or neither', () => {
    const id = '6c1f3a52-1b7e-4f55-9a53-5a5a0e0f3c11';
    expect(setMuteSchema.safeParse({ target: { roomId: id }, duration: '1h' }).success).toBe(true);
    expect(setMuteSchema.safeParse({ target: { conversationId: id }, duration: 'forever' }).success).toBe(true);
    expect(setMuteSchema.safeParse({ target: { roomId: id, conversationId: id }, duration: '1h' }).success).toBe(false);
    expect(setMuteSchema.safeParse({ target: {}, duration: '1h' }).success).toBe(false);
  });
});
