import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { muteEndsAt, type MuteDuration, type MuteState, type MuteTarget } from '../../../domain/chat-essentials';
import type { Db, Tx } from '../../db/database';
import { chatMutes } from '../../db/schema/chat-essentials';
import { loadForParticipant } from '../conversations/conversation-access';
import { assertCanReadRoom } from '../rooms/room-access';

const mu = chatMutes;

/** A mute that has not ended. */
const active = or(isNull(mu.until), gt(mu.until, sql`now()`))!;

const targetIs = (target: MuteTarget) =>
  target.roomId ? eq(mu.roomId, target.roomId) : eq(mu.conversationId, target.conversationId!);

/** Only a room the member may read, or a conversation they are in (a missing one answers the same). */
async function assertMayMute(db: Db, actor: { id: string }, target: MuteTarget) {
  if (target.roomId) await assertCanReadRoom(db, target.roomId, actor.id);
  else await loadForParticipant(db, actor, target.conversationId!);
}

/** Mutes a room or a conversation for the member: set again, it replaces the previous end. */
export async function setMute(
  deps: { db: Db },
  actor: { id: string },
  input: { target: MuteTarget; duration: MuteDuration },
): Promise<MuteState> {
  await assertMayMute(deps.db, actor, input.target);
  const until = muteEndsAt(input.duration, new Date());
  const { roomId = null, conversationId = null } = input.target;
  await deps.db
    .insert(mu)
    .values({ userId: actor.id, roomId, conversationId, until })
    .onConflictDoUpdate({
      target: roomId ? [mu.userId, mu.roomId] : [mu.userId, mu.conversationId],
      targetWhere: roomId ? sql`${mu.roomId} is not null` : sql`${mu.conversationId} is not null`,
      set: { until, createdAt: sql`now()` },
    });
  return { muted: true, until: until?.toISOString() ?? null };
}

/** Turns notifications back on (nothing to do when not muted). */
export async function clearMute(deps: { db: Db }, actor: { id: string }, input: { target: MuteTarget }) {
  await assertMayMute(deps.db, actor, input.target);
  await deps.db.delete(mu).where(and(eq(mu.userId, actor.id), targetIs(input.target)));
  return { muted: false } as MuteState;
}

/** The member's mute of one room or conversation, as its header shows it. */
export async function getMute(deps: { db: Db }, actor: { id: string }, input: { target: MuteTarget }) {
  await assertMayMute(deps.db, actor, input.target);
  const [row] = await deps.db
    .select({ until: mu.until })
    .from(mu)
    .where(and(eq(mu.userId, actor.id), targetIs(input.target), active))
    .limit(1);
  return (row ? { muted: true, until: row.until?.toISOString() ?? null } : { muted: false }) as MuteState;
}

/** Whether the member has muted this room or conversation now: what notify.ts asks before writing. */
export async function isMuted(
  tx: Db | Tx,
  userId: string,
  target: { roomId?: string | null; conversationId?: string | null },
) {
  const where = target.roomId
    ? eq(mu.roomId, target.roomId)
    : target.conversationId
      ? eq(mu.conversationId, target.conversationId)
      : null;
  if (!where) return false;
  const [row] = await tx
    .select({ id: mu.id })
    .from(mu)
    .where(and(eq(mu.userId, userId), where, active))
    .limit(1);
  return row !== undefined;
}
