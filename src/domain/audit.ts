import { z } from 'zod';

/**
 * The audit log's vocabulary: every action an entry may name, with the words /admin/audit and the
 * dashboard show for it. Each entry is written in the same transaction as what it records, and never edited or
 * deleted (the database refuses both; migration 0023).
 */
export const AUDIT_ACTIONS = {
  'admin.bootstrapped': 'Admin set up at start',
  'admin.role-removed': 'Admin role removed at start',
  'admin.role-granted': 'Admin role granted',
  'admin.role-revoked': 'Admin role removed',
  'user.deleted': 'User deleted',
  'user.suspended': 'User suspended',
  'user.unsuspended': 'Suspension lifted',
  'service.deleted': 'Service deleted',
  'service.restored': 'Service restored',
  'poll.started': 'Poll started',
  'poll.closed': 'Poll ended',
  'poll.dismissed': 'Poll outcome dismissed',
  'feedback.responded': 'Feedback answered',
  'feedback.resolved': 'Feedback resolved',
  'payment.refunded': 'Payment refunded',
  'dispute.resolved': 'Dispute resolved',
  'conversation.reset': 'Chat pricing and progress reset',
  'date-of-birth.change-refused': 'Date of birth change refused',
  'school.added': 'School added',
  'school.renamed': 'School renamed',
  'school.removed': 'School removed',
  'school.domain-added': 'School domain added',
  'school.domain-removed': 'School domain removed',
  'member-reports.dismissed': 'Member reports dismissed',
  'member-reports.message-removed': 'Reported message removed',
  'member-reports.warned': 'Reported member warned',
  'member-reports.muted': 'Reported member muted',
  'member-reports.suspended': 'Reported member suspended',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** An action's words; an unknown one (an older server's) reads as stored. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
}

export const AUDIT_LIMITS = {
  /** Entries per page of /admin/audit, newest first. */
  pageSize: 50,
  /** The longest "why" an admin writes, kept in details.reason. */
  reasonMax: 500,
  /** Ids in the log are user ids (text) or uuids; nothing longer is ever stored or searched for. */
  idMax: 64,
  /** The admins the Admin filter offers at most. */
  actorsMax: 200,
} as const;

export const AUDIT_TEXTS = {
  /** Who acted when no admin did (start-up, the poll sweep). */
  serverActor: 'System',
  datesOrder: 'The From date must not be after the To date',
  subjectTooLong: `A subject id has at most ${AUDIT_LIMITS.idMax} characters`,
} as const;

/**
 * An instant PostgreSQL can hold: zod checks the calendar (no February 30th); year 0 parses in JavaScript but not in
 * PostgreSQL, so the log's dates start in 1900, long before any entry.
 */
const inRange = (value: string) => Date.parse(value) >= Date.UTC(1900, 0, 1);
const instant = z.iso.datetime({ offset: true }).refine(inRange, 'Please enter a valid date');
/**
 * The cursor's created_at to the microsecond, in UTC: the column keeps microseconds and a JavaScript Date only
 * milliseconds, so a millisecond cursor would skip or repeat entries written in the same millisecond (one transaction
 * writes several).
 */
const cursorAt = z.iso.datetime({ precision: 6 }).refine(inRange);

/** audit.list's input: every filter optional and bounded; `from` and `to` are instants, `from` not after `to`. */
export const auditListInputSchema = z
  .object({
    cursor: z.object({ at: cursorAt, id: z.uuid() }).nullish(),
    action: z.enum(AUDIT_ACTION_NAMES as [AuditAction, ...AuditAction[]]).nullish(),
    actorId: z.string().trim().min(1).max(AUDIT_LIMITS.idMax).nullish(),
    subjectId: z.string().trim().min(1).max(AUDIT_LIMITS.idMax).nullish(),
    from: instant.nullish(),
    to: instant.nullish(),
  })
  .refine((f) => !f.from || !f.to || Date.parse(f.from) <= Date.parse(f.to), {
    message: AUDIT_TEXTS.datesOrder,
    path: ['from'],
  });
export type AuditListInput = z.infer<typeof auditListInputSchema>;
