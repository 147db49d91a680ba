/**
 * The message-list arithmetic both chats share: a chat holds its messages oldest first, each once, whether it came
 * from a page, a send's answer or a live event (they overlap). Pure, so the cache reducers of each feature use them.
 */

/** How a chat orders its messages, oldest first (by time, then by id, as the server pages them). */
export type MessageOrder<M> = (a: M, b: M) => number;

/** Oldest first by an ISO timestamp field, ties broken by id: the servers' page order. */
export function byTimeThenId<M extends { id: string }>(time: (m: M) => string): MessageOrder<M> {
  return (a, b) => new Date(time(a)).getTime() - new Date(time(b)).getTime() || a.id.localeCompare(b.id);
}

/** The list with `message` in it once: a copy already held is left as it is. */
export function appendOnce<M extends { id: string }>(list: readonly M[], message: M, order: MessageOrder<M>): M[] {
  if (list.some((m) => m.id === message.id)) return list as M[];
  return [...list, message].sort(order);
}

/** Both lists as one, each message once; a message in `incoming` replaces the copy held (it is newer). */
export function mergeMessages<M extends { id: string }>(
  known: readonly M[],
  incoming: readonly M[],
  order: MessageOrder<M>,
): M[] {
  const byId = new Map(known.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort(order);
}

/**
 * An older page put in front of what the chat holds. The messages already held stay as they are (a live event may
 * have changed them since the page was read); `added` names those the page brought, for rows that belong to them.
 */
export function prependPage<M extends { id: string }>(
  current: readonly M[],
  older: readonly M[],
  order: MessageOrder<M>,
): { messages: M[]; added: ReadonlySet<string> } {
  const known = new Set(current.map((m) => m.id));
  const add = older.filter((m) => !known.has(m.id));
  return { messages: [...add, ...current].sort(order), added: new Set(add.map((m) => m.id)) };
}

/**
 * The newest page read again (after a reconnect) over what the chat held. The page is the truth from its oldest
 * message on: a message held there but absent from it was deleted. Older messages held (earlier pages) are kept when
 * the two overlap; when they do not (a full page and nothing in common: a long outage), there is a gap, and the page
 * alone is kept, the rest being one "Load earlier messages" away. `kept` names the older messages kept.
 */
export function mergeNewest<M extends { id: string }>(
  held: readonly M[],
  fresh: readonly M[],
  pageSize: number,
  order: MessageOrder<M>,
): { messages: M[]; kept: ReadonlySet<string> } {
  const freshIds = new Set(fresh.map((m) => m.id));
  const overlaps = fresh.length < pageSize || held.some((m) => freshIds.has(m.id));
  const oldest = fresh[0];
  const kept = overlaps ? held.filter((m) => !freshIds.has(m.id) && (!oldest || order(m, oldest) < 0)) : [];
  return { messages: [...kept, ...fresh], kept: new Set(kept.map((m) => m.id)) };
}

/** The newest message someone else sent that a reader can mark read, if any. */
export function newestFromOthers<M extends { id: string }>(
  messages: readonly M[] | undefined,
  isOthers: (m: M) => boolean,
): string | undefined {
  return messages?.findLast(isOthers)?.id;
}
