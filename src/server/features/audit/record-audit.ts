import type { AuditAction } from '../../../domain/audit';
import type { Db, Tx } from '../../db/database';
import { auditEvents } from '../../db/schema/audit';

export interface AuditEntryInput {
  action: AuditAction;
  /** The admin who acted; null only for the server itself (start-up, the poll sweep). */
  actorId: string | null;
  /** Whom or what it concerns: a user, service, feedback item, poll or conversation id. */
  subjectId: string | null;
  /** What and why, as /admin/audit shows it to admins (amounts, outcome, reason). */
  details?: Record<string, unknown>;
}

/**
 * Writes one audit entry on the caller's transaction, so the entry exists if and only if the action committed.
 * Typed by AuditAction so an entry cannot name an action the log has no words for.
 */
export async function recordAudit(tx: Tx | Db, entry: AuditEntryInput): Promise<void> {
  await tx.insert(auditEvents).values({
    action: entry.action,
    actorId: entry.actorId,
    subjectId: entry.subjectId,
    details: entry.details ?? {},
  });
}
