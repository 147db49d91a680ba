/**
 * The users whose presence this tab shows: each presence dot adds its user while mounted. The live presence
 * subscription asks the server for these users only (never everyone), so it follows this set.
 */
const counts = new Map<string, number>();
const listeners = new Set<() => void>();
let snapshot: string[] = [];

function changed() {
  snapshot = [...counts.keys()].sort();
  for (const listener of listeners) listener();
}

/** Adds a shown user; the returned function removes it again and says whether it was the last view of them. */
export function watchUser(userId: string): () => boolean {
  const before = counts.get(userId) ?? 0;
  counts.set(userId, before + 1);
  if (before === 0) changed();
  return () => {
    const now = (counts.get(userId) ?? 1) - 1;
    if (now > 0) {
      counts.set(userId, now);
      return false;
    }
    counts.delete(userId);
    changed();
    return true;
  };
}

export function subscribeWatchedUsers(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The shown users, sorted, as one stable array until the set changes. */
export function watchedUsers(): string[] {
  return snapshot;
}
