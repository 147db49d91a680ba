import { z } from 'zod';
import { ROOM_LIMITS } from './rooms';

/**
 * The notices a chat room shows, with the message model of direct conversations (decision 003): what a room message
 * is comes from its `kind`, never from its words. Members only ever write `text` (with or without media); these
 * notices come from the server's own steps, with a typed payload, and their words are made here from that payload.
 * A room keeps its own union: a price notice has no place in a room, nor a "joined" notice in a conversation.
 */
const who = { userId: z.string().max(64), name: z.string().max(120) };

export const roomNoticeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('member_joined'), ...who }),
  z.object({ kind: z.literal('member_left'), ...who }),
  /** Invited by a member (`by`). */
  z.object({ kind: z.literal('member_added'), ...who, byName: z.string().max(120) }),
  z.object({ kind: z.literal('member_kicked'), ...who }),
  z.object({ kind: z.literal('member_banned'), ...who }),
  z.object({ kind: z.literal('member_removed'), ...who }),
  z.object({
    kind: z.literal('room_renamed'),
    from: z.string().max(ROOM_LIMITS.nameMax),
    to: z.string().max(ROOM_LIMITS.nameMax),
  }),
  z.object({ kind: z.literal('room_privacy_changed'), isPrivate: z.boolean() }),
]);
export type RoomNotice = z.infer<typeof roomNoticeSchema>;
export type RoomNoticeKind = RoomNotice['kind'];
export const ROOM_NOTICE_KINDS = roomNoticeSchema.options.map((o) => o.shape.kind.value) as RoomNoticeKind[];
export type RoomMessageKind = 'text' | RoomNoticeKind;

/** A notice's payload as stored (its kind lives in its own column). */
export type RoomNoticePayload = RoomNotice extends infer N ? (N extends RoomNotice ? Omit<N, 'kind'> : never) : never;

/** A stored notice read back; null when its payload does not parse (shown as nothing, never as a member's words). */
export function roomNoticeOf(stored: { kind: string; payload: unknown }): RoomNotice | null {
  if (stored.kind === 'text') return null;
  const parsed = roomNoticeSchema.safeParse({ ...(stored.payload as object), kind: stored.kind });
  return parsed.success ? parsed.data : null;
}

/** The words a notice shows in the room. */
export function roomNoticeText(notice: RoomNotice): string {
  switch (notice.kind) {
    case 'member_joined':
      return `${notice.name} joined the room`;
    case 'member_left':
      return `${notice.name} left the room`;
    case 'member_added':
      return `${notice.byName} added ${notice.name} to the room`;
    case 'member_kicked':
      return `${notice.name} was removed from the room`;
    case 'member_banned':
      return `${notice.name} was banned from the room`;
    case 'member_removed':
      return `${notice.name} was removed from the room`;
    case 'room_renamed':
      return `The room was renamed from ${notice.from} to ${notice.to}`;
    case 'room_privacy_changed':
      return notice.isPrivate ? 'The room is now private' : 'The room is now public';
  }
}

/** The stored form of a notice: the `kind` and `payload` columns. */
export function toStoredRoomNotice(notice: RoomNotice): { kind: RoomNoticeKind; payload: RoomNoticePayload } {
  const { kind, ...payload } = notice;
  return { kind, payload };
}
