import { and, eq, sql } from 'drizzle-orm';
import type { ModerationAction, ResolveReports } from '../../../domain/member-reports';
import { MEMBER_REPORT_TEXTS } from '../../../domain/member-reports';
import type { AuditAction } from '../../../domain/audit';
import type { Db, Tx } from '../../db/database';
import { conversations, messages } from '../../db/schema/conversations';
import { memberMutes, memberReports } from '../../db/schema/member-reports';
import { chatMessages } from '../../db/schema/rooms';
import type { AppEvent } from '../../contracts/app-events';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import type { EventBus } from '../../realtime/event-bus';
import { recordAudit } from '../audit/record-audit';
import { suspendUser } from '../admin-users/suspend-user';
import { lockOpenReports, reportIdsIn } from './report-queue';
import { REPORT_REFUSALS } from './report-refusals';

const AUDITED: Record<ModerationAction, AuditAction> = {
  dismiss: 'member-reports.dismissed',
  remove: 'member-reports.message-removed',
  warn: 'member-reports.warned',
  mute: 'member-reports.muted',
  suspend: 'member-reports.suspended',
};

type Emit = (event: AppEvent) => void;

/**
 * An admin acts on a reported item: dismiss, remove the message, warn, mute platform-wide for a period, or suspend
 * (the admin users' suspension, with its own audit row). Every action gives a reason, is written to the audit log
 * with the evidence it was judged on, and settles every open report of the item in the same transaction; a second
 * admin acting at the same moment waits for the first and then finds nothing open.
 */
export async function resolveReports(
  deps: { db: Db; events: DomainEvents; bus: EventBus },
  admin: { id: string },
  input: ResolveReports,
): Promise<{ settled: number; until?: string | null }> {
  const key = { targetKind: input.targetKind, targetId: input.targetId };
  if (input.action === 'remove' && key.targetKind !== 'direct_message' && key.targetKind !== 'room_message') {
    throw REPORT_REFUSALS.notRemovable();
  }
  let suspendedUntil: string | null | undefined;
  if (input.action === 'suspend') {
    const [first] = await deps.db
      .select({ userId: memberReports.reportedUserId })
      .from(memberReports)
      .where(
        and(
          eq(memberReports.status, 'open'),
          eq(memberReports.targetKind, key.targetKind),
          eq(memberReports.targetId, key.targetId),
        ),
      )
      .limit(1);
    if (!first) throw REPORT_REFUSALS.nothingOpen();
    // The admin users' own use case: its refusals (an admin, oneself) and its audit row stand as they are.
    ({ until: suspendedUntil } = await suspendUser(deps, admin, {
      userId: first.userId,
      days: input.days,
      reason: input.reason,
    }));
  }
  return inTransaction(deps, async (tx, emit) => {
    const open = await lockOpenReports(tx, key);
    const [first] = open;
    if (!first) throw REPORT_REFUSALS.nothingOpen();
    const reportedUserId = first.reportedUserId;
    const details: Record<string, unknown> = {
      reason: input.reason,
      targetKind: key.targetKind,
      targetId: key.targetId,
      reportIds: open.map((r) => r.id),
      evidence: first.evidence,
    };
    if (input.action === 'remove') await removeMessage(tx, emit, admin.id, key);
    if (input.action === 'warn') emit({ type: 'member.warned', actorId: admin.id, userId: reportedUserId });
    if (input.action === 'mute') {
      const until = sql`now() + make_interval(hours => ${input.hours}::int)`;
      const [row] = await tx
        .insert(memberMutes)
        .values({ userId: reportedUserId, until, reason: input.reason, mutedBy: admin.id })
        .onConflictDoUpdate({
          target: memberMutes.userId,
          set: { until, reason: input.reason, mutedBy: admin.id, createdAt: sql`now()` },
        })
        .returning({ until: memberMutes.until });
      details.until = row ? new Date(row.until).toISOString() : null;
    }
    if (input.action === 'suspend') details.until = suspendedUntil ?? null;
    await tx
      .update(memberReports)
      .set({
        status: input.action === 'dismiss' ? 'dismissed' : 'actioned',
        resolutionAction: input.action,
        resolutionNote: input.reason,
        resolvedBy: admin.id,
        resolvedAt: sql`now()`,
      })
      .where(reportIdsIn(open.map((r) => r.id)));
    await recordAudit(tx, { action: AUDITED[input.action], actorId: admin.id, subjectId: reportedUserId, details });
    emit({
      type: 'member-reports.resolved',
      actorId: admin.id,
      targetKind: key.targetKind,
      targetId: key.targetId,
      action: input.action,
      reportIds: open.map((r) => r.id),
    });
    return { settled: open.length, ...(details.until !== undefined ? { until: details.until as string | null } : {}) };
  });
}

/**
 * A room message goes as its deletion does (the room's readers see it disappear live); a direct message keeps its
 * place in the conversation with the removed notice as its words, so both parties see that a moderator acted.
 */
async function removeMessage(
  tx: Tx,
  emit: Emit,
  adminId: string,
  key: { targetKind: string; targetId: string },
): Promise<void> {
  if (key.targetKind === 'room_message') {
    const [deleted] = await tx
      .delete(chatMessages)
      .where(eq(chatMessages.id, key.targetId))
      .returning({ id: chatMessages.id, roomId: chatMessages.roomId });
    if (deleted)
      emit({ type: 'room.message-deleted', actorId: adminId, roomId: deleted.roomId, messageId: deleted.id });
    return;
  }
  const [updated] = await tx
    .update(messages)
    .set({ text: MEMBER_REPORT_TEXTS.removedByModerator })
    .where(and(eq(messages.id, key.targetId), eq(messages.kind, 'text')))
    .returning({ id: messages.id, conversationId: messages.conversationId, createdAt: messages.createdAt });
  if (!updated) return;
  // The conversation list's preview, when it was the newest message, must not keep the removed words.
  await tx
    .update(conversations)
    .set({ lastMessage: MEMBER_REPORT_TEXTS.removedByModerator })
    .where(
      and(
        eq(conversations.id, updated.conversationId),
        sql`not exists (select 1 from ${messages} newer where newer.conversation_id = ${updated.conversationId}
          and newer.created_at > ${updated.createdAt})`,
      ),
    );
  const [conversation] = await tx
    .select({ p1: conversations.participant1Id, p2: conversations.participant2Id })
    .from(conversations)
    .where(eq(conversations.id, updated.conversationId));
  if (!conversation) return;
  emit({
    type: 'direct-message.removed',
    actorId: adminId,
    conversationId: updated.conversationId,
    messageId: updated.id,
    parties: [conversation.p1, conversation.p2],
  });
}
