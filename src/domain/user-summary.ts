/** The public user summary of spec 1 section 3: name fallbacks, initials and the profile link. */
export const UNKNOWN_USER = 'Unknown User';

export interface NameParts {
  firstName?: string | null;
  lastName?: string | null;
}

export function displayName({ firstName, lastName }: NameParts): string {
  const parts = [firstName?.trim(), lastName?.trim()].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : UNKNOWN_USER;
}

/**
 * Two letters: the first letters of the first two name parts, or the first two letters of a one-word
 * name; UN when the name is unknown.
 */
export function initials(name: NameParts): string {
  const full = displayName(name);
  if (full === UNKNOWN_USER) return 'UN';
  const words = full.split(/\s+/);
  const letters = words.length >= 2 ? `${[...words[0]!][0]}${[...words[1]!][0]}` : [...words[0]!].slice(0, 2).join('');
  return letters.toUpperCase();
}

/** The profile page of a user, or null when the id is empty or the text "undefined" or "null". */
export function profilePath(userId: string | null | undefined): string | null {
  const id = userId?.trim();
  if (!id || id === 'undefined' || id === 'null') return null;
  return `/profile/${encodeURIComponent(id)}`;
}
