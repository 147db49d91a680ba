/** PostgreSQL text cannot hold U+0000: a string carrying one is refused as input, never left to fail in SQL. */
export const NUL_CHARACTER_MESSAGE = 'Text cannot contain null characters.';

/** True when any string in the value (at any depth) contains U+0000. Iterative: deep nesting cannot overflow. */
export function containsNulCharacter(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next !== null && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}
