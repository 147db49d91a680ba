import { describe, expect, it } from 'vitest';
import { messageSearchSchema, resultOrigin, searchWords, snippetOf, snippetParts } from './message-search';

const marked = (snippet: { text: string; ranges: { start: number; end: number }[] }) =>
  snippet.ranges.map((r) => snippet.text.slice(r.start, r.end));

describe('the words searched', () => {
  it('keeps letters and digits of any script, lower-cased; tsquery operators and quotes are separators', () => {
    expect(searchWords(`Guitar & !lesson's | "Ärger" 42:* (<->)`)).toEqual(['guitar', 'lesson', 's', 'ärger', '42']);
    expect(searchWords('&|!():*\'"<->')).toEqual([]);
    expect(searchWords('明天 見る')).toEqual(['明天', '見る']);
  });

  it('stops at eight words', () => {
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });

  it('the query is trimmed and 2 to 100 characters', () => {
    expect(messageSearchSchema.safeParse({ query: '  hi  ' }).data?.query).toBe('hi');
    expect(messageSearchSchema.safeParse({ query: ' h ' }).success).toBe(false);
    expect(messageSearchSchema.safeParse({ query: 'x'.repeat(101) }).success).toBe(false);
    expect(messageSearchSchema.safeParse({ query: 'ok' }).data?.scope).toEqual({ type: 'all' });
  });
});

describe('the snippet', () => {
  it('marks every searched word, the last one as a prefix, case-insensitively', () => {
    const snippet = snippetOf('Algebra homework: ALGEBRA is fun, algorithms too', ['algebra', 'algo']);
    expect(marked(snippet)).toEqual(['Algebra', 'ALGEBRA', 'algorithms']);
  });

  it('a one-letter last word matches whole words only', () => {
    expect(marked(snippetOf('a apple a day', ['a']))).toEqual(['a', 'a']);
  });

  it('cuts a long message around its first match, with ellipses, and keeps the ranges on the cut text', () => {
    const message = `${'intro '.repeat(60)}the guitar lesson ${'outro '.repeat(60)}`;
    const snippet = snippetOf(message, ['guitar'], 80);
    expect(snippet.text.startsWith('…')).toBe(true);
    expect(snippet.text.endsWith('…')).toBe(true);
    expect(snippet.text.length).toBeLessThanOrEqual(82);
    expect(marked(snippet)).toEqual(['guitar']);
  });

  it('never cuts an emoji in two', () => {
    const message = `${'😀'.repeat(100)} word ${'😀'.repeat(100)}`;
    const snippet = snippetOf(message, ['word'], 41);
    expect(snippet.text).not.toMatch(/^…[\uDC00-\uDFFF]|[\uD800-\uDBFF]…$/);
    expect(marked(snippet)).toEqual(['word']);
  });

  it('splits into text and marked parts in order; HTML stays text', () => {
    const snippet = snippetOf('<b>bold</b> move', ['bold']);
    expect(snippetParts(snippet)).toEqual([
      { text: '<b>', marked: false },
      { text: 'bold', marked: true },
      { text: '</b> move', marked: false },
    ]);
  });

  it('ignores ranges outside the text or overlapping (a corrupt answer renders as plain text)', () => {
    expect(
      snippetParts({
        text: 'abc',
        ranges: [
          { start: 1, end: 9 },
          { start: 2, end: 1 },
        ],
      }),
    ).toEqual([{ text: 'abc', marked: false }]);
  });
});

describe('resultOrigin', () => {
  const room = { type: 'room' as const, name: 'Maths help' };
  const conversation = { type: 'conversation' as const, name: 'Mia Stone' };
  it('names the sender and the room, "You" for one’s own', () => {
    expect(resultOrigin({ senderId: 'mia', senderName: 'Mia Stone', place: room }, 'me')).toEqual({
      sender: 'Mia Stone',
      joiner: 'in',
      place: 'Maths help',
    });
    expect(resultOrigin({ senderId: 'me', senderName: 'Ana Lopez', place: room }, 'me').sender).toBe('You');
  });
  it('in a conversation, the other party’s words are named once, one’s own as "You with" them', () => {
    expect(resultOrigin({ senderId: 'mia', senderName: 'Mia Stone', place: conversation }, 'me')).toEqual({
      sender: null,
      joiner: null,
      place: 'Mia Stone',
    });
    expect(resultOrigin({ senderId: 'me', senderName: 'Ana Lopez', place: conversation }, 'me')).toEqual({
      sender: 'You',
      joiner: 'with',
      place: 'Mia Stone',
    });
    // Before the session is known, the sender is named rather than taken for the other party.
    expect(resultOrigin({ senderId: 'me', senderName: 'Ana Lopez', place: conversation }, undefined)).toEqual({
      sender: 'Ana Lopez',
      joiner: 'with',
      place: 'Mia Stone',
    });
  });
});
