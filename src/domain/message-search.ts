import { z } from 'zod';

/** Searching the messages a member may read: limits, the input schema, the words searched and the highlighted snippet. */
export const MESSAGE_SEARCH_LIMITS = {
  queryMin: 2,
  queryMax: 100,
  /** Results per page: a screenful, and a bound on the work one call may ask. */
  page: 20,
  /** Words beyond these are ignored: each one is another condition on the index. */
  wordsMax: 8,
  /** Characters of a message shown around its first match. */
  snippetChars: 160,
  /** Messages before and after the one opened from a result. */
  around: 25,
} as const;

export const MESSAGE_SEARCH_TEXTS = {
  label: 'Search messages',
  roomLabel: 'Search this room',
  placeholder: 'Search my conversations and rooms',
  roomPlaceholder: 'Search messages in this room',
  searching: 'Searching...',
  noResults: 'No messages found',
  failed: 'Search failed. Please try again.',
  tooShort: `Type at least ${MESSAGE_SEARCH_LIMITS.queryMin} characters to search.`,
  tooLong: `Search at most ${MESSAGE_SEARCH_LIMITS.queryMax} characters.`,
  rateLimited: 'Too many searches. Please wait a moment and try again.',
  results: 'Search results',
  loadMore: 'More results',
  inRoom: 'in',
  withPerson: 'with',
  you: 'You',
  messageNotFound: 'That message is no longer available.',
  loadLater: 'Load later messages',
} as const;

const cursorSchema = z.object({ at: z.iso.datetime({ offset: true }), id: z.uuid() });
export type MessageSearchCursor = z.infer<typeof cursorSchema>;

/** Where to search: everything the member may read, one conversation, or one room (each checked on the server). */
export const messageSearchScopeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('all') }),
  z.object({ type: z.literal('conversation'), id: z.uuid() }),
  z.object({ type: z.literal('room'), id: z.uuid() }),
]);
export type MessageSearchScope = z.infer<typeof messageSearchScopeSchema>;

export const messageSearchSchema = z.object({
  query: z
    .string()
    .trim()
    .min(MESSAGE_SEARCH_LIMITS.queryMin, { error: MESSAGE_SEARCH_TEXTS.tooShort })
    .max(MESSAGE_SEARCH_LIMITS.queryMax, { error: MESSAGE_SEARCH_TEXTS.tooLong }),
  scope: messageSearchScopeSchema.default({ type: 'all' }),
  cursor: cursorSchema.nullish(),
});
export type MessageSearchInput = z.input<typeof messageSearchSchema>;

/** A result's place in the newest-first order, for the next page: (sent time, id). */
export const messageSearchCursorSchema = cursorSchema;

/** Letters and digits of any script; everything else (tsquery operators included) separates words. */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The words of a query, lower-cased, at most wordsMax. Only these reach the database, one bound parameter each, so
 * nothing typed is ever read as tsquery syntax (`&`, `|`, `!`, `:*`, quotes are separators here).
 */
export function searchWords(query: string): string[] {
  const words = query.toLowerCase().match(WORD) ?? [];
  return words.slice(0, MESSAGE_SEARCH_LIMITS.wordsMax);
}

/**
 * The last word is matched as a prefix while it is being typed, but only from two letters: a one-letter prefix
 * matches most of the index and finds nothing useful.
 */
export const prefixMatches = (word: string) => [...word].length >= 2;

export type HighlightRange = { start: number; end: number };
export type Snippet = { text: string; ranges: HighlightRange[] };

/**
 * A piece of the message around its first matched word, with the matched words as ranges (UTF-16 offsets into
 * `text`): the page marks them itself, so no HTML ever comes from the server. A word matches as the database does
 * with the 'simple' configuration: lower-cased equality, or a prefix for the last query word.
 */
export function snippetOf(
  message: string,
  words: readonly string[],
  maxChars: number = MESSAGE_SEARCH_LIMITS.snippetChars,
) {
  const last = words.at(-1);
  const exact = new Set(words.slice(0, -1));
  if (last !== undefined && !prefixMatches(last)) exact.add(last);
  const matches: HighlightRange[] = [];
  for (const m of message.matchAll(WORD)) {
    const token = m[0].toLowerCase();
    const hit = exact.has(token) || (last !== undefined && prefixMatches(last) && token.startsWith(last));
    if (hit) matches.push({ start: m.index, end: m.index + m[0].length });
  }
  let start = 0;
  if (message.length > maxChars && matches[0]) {
    // The first match a third of the way in, so the words before it give it context.
    start = Math.max(0, Math.min(matches[0].start - Math.floor(maxChars / 3), message.length - maxChars));
    // Never cut a surrogate pair in two.
    if (start > 0 && /[\uDC00-\uDFFF]/.test(message[start]!)) start -= 1;
  }
  let end = Math.min(message.length, start + maxChars);
  if (end < message.length && /[\uDC00-\uDFFF]/.test(message[end]!)) end += 1;
  const prefix = start > 0 ? '…' : '';
  const suffix = end < message.length ? '…' : '';
  const text = prefix + message.slice(start, end) + suffix;
  const ranges = matches
    .filter((r) => r.start >= start && r.end <= end)
    .map((r) => ({ start: r.start - start + prefix.length, end: r.end - start + prefix.length }));
  return { text, ranges } satisfies Snippet;
}

/** The snippet cut into plain and marked parts, in order, for the page to render as text and `<mark>`. */
export function snippetParts(snippet: Snippet): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const r of [...snippet.ranges].sort((a, b) => a.start - b.start)) {
    if (r.start < at || r.end > snippet.text.length || r.end <= r.start) continue;
    if (r.start > at) parts.push({ text: snippet.text.slice(at, r.start), marked: false });
    parts.push({ text: snippet.text.slice(r.start, r.end), marked: true });
    at = r.end;
  }
  if (at < snippet.text.length) parts.push({ text: snippet.text.slice(at), marked: false });
  return parts;
}

/**
 * Who wrote a result and where, as parts to show: "Mia in Maths help", "You in Maths help", "You with Mia", and in a
 * conversation the other party's words as just "Mia" (not "Mia with Mia").
 */
export function resultOrigin(
  result: { senderId: string; senderName: string; place: { type: 'conversation' | 'room'; name: string } },
  myId: string | undefined,
): { sender: string | null; joiner: string | null; place: string } {
  const mine = result.senderId === myId;
  const sender = mine ? MESSAGE_SEARCH_TEXTS.you : result.senderName;
  if (result.place.type === 'room') return { sender, joiner: MESSAGE_SEARCH_TEXTS.inRoom, place: result.place.name };
  // Who "I" am is not known yet (the session still loading): name the sender rather than guess it was the other.
  if (mine || myId === undefined) return { sender, joiner: MESSAGE_SEARCH_TEXTS.withPerson, place: result.place.name };
  return { sender: null, joiner: null, place: result.place.name };
}
