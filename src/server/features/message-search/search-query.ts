import { sql, type SQL } from 'drizzle-orm';
import { prefixMatches } from '../../../domain/message-search';

/**
 * The text search configuration of the index and of every query: 'simple' lower-cases words and drops nothing. A
 * language's stemmer and stop words would serve one language and mangle the rest: members write names, slang,
 * nicknames and several languages in one chat, and search for a word as they wrote it. It must match the indexes'
 * expression exactly (schema: messages_text_search_idx, chat_messages_content_search_idx) or they go unused.
 */
export const SEARCH_CONFIG = sql.raw(`'simple'`);

/** The indexed document of a column of message text: the expression of the GIN indexes, repeated verbatim. */
export const documentOf = (column: SQL) => sql`to_tsvector(${SEARCH_CONFIG}, ${column})`;

/**
 * The tsquery of the searched words (src/domain/message-search.ts searchWords: letters and digits only): every word
 * required, the last one as a prefix while it is typed. Words are quoted lexemes in one bound parameter; as they hold
 * no quote, colon or operator, nothing the member typed can be read as tsquery syntax. Null when there is no word.
 */
export function tsqueryOf(words: readonly string[]): SQL | null {
  if (words.length === 0) return null;
  // Defence in depth: the domain's word pattern is what makes quoting enough.
  if (!words.every((word) => /^[\p{L}\p{N}]+$/u.test(word))) throw new Error('search words must be letters and digits');
  const terms = words.map((word, i) => (i === words.length - 1 && prefixMatches(word) ? `'${word}':*` : `'${word}'`));
  return sql`to_tsquery(${SEARCH_CONFIG}, ${terms.join(' & ')})`;
}
