import { z } from 'zod';

/**
 * Mentions, unread counts and muting, for rooms and direct conversations alike: their limits, rules and every text
 * the screens show.
 */

/** At most this many members mentioned in one message: more is a broadcast, not a mention. */
export const MENTIONS_MAX = 20;

/** A message's mentioned members, as the composer sends them (typed references, never parsed from the words). */
export const mentionsSchema = z.array(z.string().min(1).max(64)).max(MENTIONS_MAX);

/** Unread counts stop here: past it the badge reads "99+", and nobody's count costs more than this to work out. */
export const UNREAD_COUNT_MAX = 99;

/** "3", "99+", or null for nothing unread. */
export function unreadCountLabel(count: number): string | null {
  if (count <= 0) return null;
  return count > UNREAD_COUNT_MAX ? `${UNREAD_COUNT_MAX}+` : String(count);
}

/** How long a mute lasts; `forever` until turned back on. */
export const MUTE_DURATIONS = ['1h', '8h', '1w', 'forever'] as const;
export type MuteDuration = (typeof MUTE_DURATIONS)[number];

const HOUR_MS = 60 * 60 * 1000;
const DURATION_MS: Record<Exclude<MuteDuration, 'forever'>, number> = {
  '1h': HOUR_MS,
  '8h': 8 * HOUR_MS,
  '1w': 7 * 24 * HOUR_MS,
};

/** When a mute set at `now` ends, or null for until turned back on. */
export function muteEndsAt(duration: MuteDuration, now: Date): Date | null {
  return duration === 'forever' ? null : new Date(now.getTime() + DURATION_MS[duration]);
}

/** What a mute names: a room or a conversation, never both. */
export const muteTargetSchema = z.union([
  z.object({ roomId: z.uuid(), conversationId: z.undefined().optional() }),
  z.object({ conversationId: z.uuid(), roomId: z.undefined().optional() }),
]);
export type MuteTarget = z.infer<typeof muteTargetSchema>;

export const setMuteSchema = z.object({
  target: muteTargetSchema,
  duration: z.enum(MUTE_DURATIONS),
});

/** A member's mute as the headers show it: until when (ISO), or null for until turned back on. */
export type MuteState = { muted: false } | { muted: true; until: string | null };

export const MUTE_LABELS: Record<MuteDuration, string> = {
  '1h': 'For 1 hour',
  '8h': 'For 8 hours',
  '1w': 'For a week',
  forever: 'Until I turn it back on',
};

export const CHAT_ESSENTIALS_TEXTS = {
  newMessages: 'New messages',
  jumpToNew: 'Jump to new messages',
  /** The header menu's button; not the moderators' "Mute Messages", which stops a member from posting. */
  muteNotifications: 'Mute notifications',
  mutedForever: 'Muted until you turn it back on',
  mutedUntil: (time: string) => `Muted until ${time}`,
  unmute: 'Unmute',
  muted: 'Notifications muted',
  unmuted: 'Notifications back on',
  mentionLabel: 'Mention a member',
  mentionEmpty: 'No member matches',
  unreadLabel: (count: number) => `${unreadCountLabel(count) ?? '0'} unread`,
} as const;

/** "Muted until Tue 14:05", or "Muted until you turn it back on". */
export function mutedUntilText(until: string | null, format: (date: Date) => string): string {
  return until === null
    ? CHAT_ESSENTIALS_TEXTS.mutedForever
    : CHAT_ESSENTIALS_TEXTS.mutedUntil(format(new Date(until)));
}

/** A mentioned member as a message carries them: the words show "@First Last" for them. */
export type MentionData = { userId: string; firstName: string | null; lastName: string | null };

/** The text the composer inserts and the message highlights for a mention. */
export function mentionText(member: { firstName: string | null; lastName: string | null }): string {
  const name = [member.firstName, member.lastName].filter(Boolean).join(' ').trim();
  return `@${name || 'Unknown User'}`;
}

export type MentionSegment = { text: string; mention: MentionData | null };

/**
 * A message's words cut into plain text and its mentions' "@First Last", found from the typed list (never a name
 * someone typed without picking it): a mention whose text is not in the words is simply not highlighted.
 */
export function mentionSegments(content: string, mentions: readonly MentionData[]): MentionSegment[] {
  const names = mentions.map((m) => ({ m, text: mentionText(m) })).sort((a, b) => b.text.length - a.text.length);
  const out: MentionSegment[] = [];
  let plain = '';
  let i = 0;
  while (i < content.length) {
    const hit = content[i] === '@' ? names.find((n) => content.startsWith(n.text, i)) : undefined;
    if (hit) {
      if (plain) out.push({ text: plain, mention: null });
      plain = '';
      out.push({ text: hit.text, mention: hit.m });
      i += hit.text.length;
    } else {
      plain += content[i];
      i += 1;
    }
  }
  if (plain) out.push({ text: plain, mention: null });
  return out;
}

/** The `@` query being typed at the caret: the text after an `@` that starts a word, or null when none. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  if (at > 0 && !/\s/.test(before[at - 1]!)) return null;
  const query = before.slice(at + 1);
  if (query.length > 40 || /\n/.test(query) || /\s{2}/.test(query)) return null;
  return { start: at, query };
}

/** The members whose name matches what was typed after `@` (first or last name, or the full name, from its start). */
export function matchMembers<T extends { firstName: string | null; lastName: string | null }>(
  members: readonly T[],
  query: string,
  limit = 8,
): T[] {
  const q = query.trim().toLowerCase();
  return members
    .filter((m) => {
      if (!q) return true;
      const first = (m.firstName ?? '').toLowerCase();
      const last = (m.lastName ?? '').toLowerCase();
      return first.startsWith(q) || last.startsWith(q) || `${first} ${last}`.startsWith(q);
    })
    .slice(0, limit);
}
