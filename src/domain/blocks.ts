import { z } from 'zod';

/**
 * Blocking a member: neither can reach the other any more (no new conversation, no message, no invitation, no
 * mention), the blocked member is never told, and a paid deal's own steps keep working so nobody loses money.
 */

export const BLOCK_LIMITS = {
  /** How many members one may block: enough for anyone, bounded so the list and every check stay small. */
  maxBlocked: 1_000,
  /** The Settings list's page. */
  pageSize: 50,
} as const;

/** A member's id as the API takes it (better-auth's ids are short text). */
export const blockTargetSchema = z.object({ userId: z.string().trim().min(1).max(100) });
export type BlockTarget = z.infer<typeof blockTargetSchema>;

export const blockedListSchema = z.object({
  cursor: z.object({ createdAt: z.iso.datetime(), userId: z.string().min(1).max(100) }).nullish(),
});

/** Every text a user reads about blocking. */
export const BLOCK_MESSAGES = {
  block: 'Block',
  unblock: 'Unblock',
  blockMember: (name: string) => `Block ${name}`,
  unblockMember: (name: string) => `Unblock ${name}`,
  confirmTitle: (name: string) => `Block ${name}?`,
  confirmText:
    "They won't be able to message you, request your services, make you offers or add you to rooms, and their room messages will be folded. They won't be told.",
  cancel: 'Cancel',
  blocked: (name: string) => `${name} is blocked`,
  unblocked: (name: string) => `${name} is unblocked`,
  blockFailed: 'Failed to block member',
  unblockFailed: 'Failed to unblock member',
  /** The composer and every refusal to the member who blocked. */
  youBlocked: 'You blocked this member. Unblock them to write again.',
  /** The blocked side's refusals: neutral, they never learn why. */
  cannotSend: "You can't send messages in this conversation.",
  cannotContact: "You can't contact this member.",
  cannotBlockSelf: "You can't block yourself.",
  unknownMember: 'Member not found',
  tooMany: `You can block at most ${BLOCK_LIMITS.maxBlocked.toLocaleString('en-US')} members.`,
  folded: (count: number) =>
    count === 1 ? '1 message from a blocked member' : `${count} messages from a blocked member`,
  showFolded: 'Show',
  hideFolded: 'Hide',
  listHeading: 'Blocked members',
  listIntro: 'Members you blocked cannot message you, request your services or add you to rooms.',
  listEmpty: "You haven't blocked anyone.",
  listFailed: 'Failed to load blocked members',
  loadMore: 'Load more',
} as const;

/** A display name for a member, as the block texts use it. */
export function blockName(member: { firstName: string | null; lastName: string | null }): string {
  return [member.firstName, member.lastName].filter(Boolean).join(' ').trim() || 'this member';
}

/**
 * Runs of consecutive messages that `isFolded` picks (a blocked member's, in a room), each folded into one item the
 * list shows as "n messages from a blocked member"; every other message stays as it is.
 */
export type FoldedItem<T> = { kind: 'message'; message: T } | { kind: 'folded'; key: string; messages: T[] };

export function foldMessages<T extends { id: string }>(
  messages: readonly T[],
  isFolded: (message: T) => boolean,
): FoldedItem<T>[] {
  const items: FoldedItem<T>[] = [];
  for (const message of messages) {
    if (!isFolded(message)) {
      items.push({ kind: 'message', message });
      continue;
    }
    const last = items.at(-1);
    if (last?.kind === 'folded') last.messages.push(message);
    else items.push({ kind: 'folded', key: message.id, messages: [message] });
  }
  return items;
}
