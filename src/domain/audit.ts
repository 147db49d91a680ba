/**
 * The audit log's vocabulary (issue 15 item 9): every action an entry may name, with the words /admin/audit and the
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
} as const;
