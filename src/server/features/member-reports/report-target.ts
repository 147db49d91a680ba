import { and, eq, sql } from 'drizzle-orm';
import { MEMBER_REPORT_LIMITS, type ReportEvidence, type ReportTargetKind } from '../../../domain/member-reports';
import { displayName } from '../../../domain/user-summary';
import type { Tx } from '../../db/database';
import { users } from '../../db/schema/auth';
import { conversations, messageOriginals, messages } from '../../db/schema/conversations';
import { profiles } from '../../db/schema/profiles';
import { reviews } from '../../db/schema/reviews';
import { chatMessages, chatRooms } from '../../db/schema/rooms';
import { roomAccess } from '../rooms/room-access';
import { REPORT_REFUSALS } from './report-refusals';

export type ReportTarget = { reportedUserId: string; evidence: ReportEvidence };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const cut = (text: string | null | undefined) => (text ? text.slice(0, MEMBER_REPORT_LIMITS.evidenceMax) : null);
const evidenceOf = (e: Partial<ReportEvidence>): ReportEvidence => ({
  text: cut(e.text),
  detail: cut(e.detail),
  mediaUrl: e.mediaUrl ?? null,
  roomId: e.roomId ?? null,
  conversationId: e.conversationId ?? null,
});

/**
 * What a member reports, as they may see it, and its author, with the evidence copied now. Whatever they may not see
 * (another's conversation, a room they cannot read) is "not found"; themselves and their own words are refused.
 */
export async function loadReportTarget(
  tx: Tx,
  reporterId: string,
  kind: ReportTargetKind,
  targetId: string,
): Promise<ReportTarget> {
  if (kind !== 'member' && !UUID.test(targetId)) throw REPORT_REFUSALS.notFound();
  const target = await find(tx, reporterId, kind, targetId);
  if (!target) throw REPORT_REFUSALS.notFound();
  if (target.reportedUserId === reporterId) throw REPORT_REFUSALS.ownItem();
  return target;
}

async function find(tx: Tx, reporterId: string, kind: ReportTargetKind, id: string): Promise<ReportTarget | null> {
  switch (kind) {
    case 'member': {
      const [user] = await tx
        .select({ id: users.id, firstName: profiles.firstName, lastName: profiles.lastName, bio: profiles.bio })
        .from(users)
        .leftJoin(profiles, eq(profiles.id, users.id))
        .where(eq(users.id, id));
      return user
        ? { reportedUserId: user.id, evidence: evidenceOf({ text: displayName(user), detail: user.bio }) }
        : null;
    }
    case 'direct_message': {
      const [row] = await tx
        .select({
          senderId: messages.senderId,
          kind: messages.kind,
          // The words as written: where contact details were hidden from the recipient, the moderator needs what
          // was actually sent (evidence is read by admins only).
          text: sql<string | null>`coalesce(${messageOriginals.text}, ${messages.text})`,
          conversationId: messages.conversationId,
          p1: conversations.participant1Id,
          p2: conversations.participant2Id,
        })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .leftJoin(messageOriginals, eq(messageOriginals.messageId, messages.id))
        .where(eq(messages.id, id));
      // Only a participant sees it; a notice is the site's, nobody's words.
      if (!row || (row.p1 !== reporterId && row.p2 !== reporterId) || row.kind !== 'text') return null;
      return {
        reportedUserId: row.senderId,
        evidence: evidenceOf({ text: row.text, conversationId: row.conversationId }),
      };
    }
    case 'room_message': {
      const [row] = await tx
        .select({
          roomId: chatMessages.roomId,
          senderId: chatMessages.senderId,
          kind: chatMessages.kind,
          content: chatMessages.content,
          mediaUrl: chatMessages.mediaUrl,
        })
        .from(chatMessages)
        .where(eq(chatMessages.id, id));
      if (!row || row.kind !== 'text') return null;
      const access = await roomAccess(tx, row.roomId, reporterId);
      if (!access.canRead) return null;
      return {
        reportedUserId: row.senderId,
        evidence: evidenceOf({
          text: row.content,
          mediaUrl: row.mediaUrl,
          roomId: row.roomId,
          detail: access.room.name,
        }),
      };
    }
    case 'review': {
      const [row] = await tx
        .select({ reviewerId: reviews.reviewerId, comment: reviews.comment, rating: reviews.rating })
        .from(reviews)
        .where(eq(reviews.id, id));
      return row
        ? { reportedUserId: row.reviewerId, evidence: evidenceOf({ text: row.comment, detail: `${row.rating} stars` }) }
        : null;
    }
    case 'room': {
      const [room] = await tx
        .select({ id: chatRooms.id, createdBy: chatRooms.createdBy })
        .from(chatRooms)
        .where(and(eq(chatRooms.id, id)));
      if (!room?.createdBy) return null;
      const access = await roomAccess(tx, room.id, reporterId);
      if (!access.canRead) return null;
      return {
        reportedUserId: room.createdBy,
        evidence: evidenceOf({ text: access.room.name, detail: access.room.description, roomId: room.id }),
      };
    }
  }
}
