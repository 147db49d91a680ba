import { and, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { AUDIT_LIMITS, auditActionLabel, type AuditListInput } from '../../../domain/audit';
import { displayName } from '../../../domain/user-summary';
import type { Db } from '../../db/database';
import { auditEvents } from '../../db/schema/audit';
import { users } from '../../db/schema/auth';
import { feedback } from '../../db/schema/feedback';
import { profiles } from '../../db/schema/profiles';
import { services } from '../../db/schema/services';

export type AuditSubjectKind = 'user' | 'service' | 'feedback' | 'conversation';

export interface AuditEntry {
  id: string;
  action: string;
  label: string;
  /** Null when the server itself acted (start-up, the poll sweep). */
  actor: { id: string; name: string } | null;
  /** kind and name when the log knows what the id is and it still exists (a deleted service keeps its title). */
  subject: { id: string; kind: AuditSubjectKind | null; name: string | null } | null;
  /** As stored: reasons, amounts, previous values. Admins only, like the whole log. */
  details: Record<string, unknown>;
  createdAt: string;
}

/** What each action's subject id names; poll entries name a service or a user, by the poll's type. */
function subjectKind(action: string, details: Record<string, unknown>): AuditSubjectKind | null {
  if (action.startsWith('poll.')) {
    if (details.pollType === 'service_deletion') return 'service';
    if (details.pollType === 'user_ban') return 'user';
    return null;
  }
  const prefix = action.split('.')[0];
  if (prefix === 'admin' || prefix === 'user' || prefix === 'date-of-birth') return 'user';
  if (prefix === 'service') return 'service';
  if (prefix === 'feedback') return 'feedback';
  if (prefix === 'payment' || prefix === 'dispute' || prefix === 'conversation') return 'conversation';
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The names of one page's subjects: at most one primary-key lookup per kind, over at most a page of ids. */
async function subjectNames(db: Db, wanted: { kind: AuditSubjectKind | null; id: string }[]) {
  const ids = (kind: AuditSubjectKind) => [...new Set(wanted.filter((w) => w.kind === kind).map((w) => w.id))];
  const names = new Map<string, string>();
  const userIds = ids('user');
  if (userIds.length > 0) {
    const rows = await db
      .select({ id: users.id, accountName: users.name, firstName: profiles.firstName, lastName: profiles.lastName })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(inArray(users.id, userIds));
    for (const r of rows) names.set(`user:${r.id}`, r.firstName || r.lastName ? displayName(r) : r.accountName);
  }
  // uuid columns: an id of another shape cannot match and must not reach the cast.
  const serviceIds = ids('service').filter((id) => UUID.test(id));
  if (serviceIds.length > 0) {
    const rows = await db
      .select({ id: services.id, title: services.title })
      .from(services)
      .where(inArray(services.id, serviceIds));
    for (const r of rows) names.set(`service:${r.id}`, r.title);
  }
  const feedbackIds = ids('feedback').filter((id) => UUID.test(id));
  if (feedbackIds.length > 0) {
    const rows = await db
      .select({ id: feedback.id, title: feedback.title })
      .from(feedback)
      .where(inArray(feedback.id, feedbackIds));
    for (const r of rows) names.set(`feedback:${r.id}`, r.title);
  }
  return names;
}

/** One page of entries plus one (to know whether another page follows); also what the index test EXPLAINs. */
export function auditPageQuery(db: Db, input: AuditListInput) {
  const where: SQL[] = [];
  if (input.action) where.push(eq(auditEvents.action, input.action));
  if (input.actorId) where.push(eq(auditEvents.actorId, input.actorId));
  if (input.subjectId) where.push(eq(auditEvents.subjectId, input.subjectId));
  if (input.from) where.push(gte(auditEvents.createdAt, new Date(input.from)));
  if (input.to) where.push(lte(auditEvents.createdAt, new Date(input.to)));
  if (input.cursor) {
    where.push(
      sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${input.cursor.at}::timestamptz, ${input.cursor.id}::uuid)`,
    );
  }
  return db
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      actorId: auditEvents.actorId,
      actorAccountName: users.name,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      subjectId: auditEvents.subjectId,
      details: auditEvents.details,
      createdAt: auditEvents.createdAt,
      at: sql<string>`to_char(${auditEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .leftJoin(profiles, eq(profiles.id, auditEvents.actorId))
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(AUDIT_LIMITS.pageSize + 1);
}

/**
 * audit.list (admins only, checked by the router): the audit log newest first, AUDIT_LIMITS.pageSize entries a page,
 * with a keyset cursor on (created_at, id) so a page costs the same however deep it is. Each filter has its index
 * (migration 0023 and the subject index): created_at alone, action, actor or subject, each with created_at.
 */
export async function listAudit(deps: { db: Db }, _admin: { id: string }, input: AuditListInput) {
  const { db } = deps;
  const rows = await auditPageQuery(db, input);
  const page = rows.slice(0, AUDIT_LIMITS.pageSize);
  const kinds = page.map((r) => ({
    id: r.subjectId ?? '',
    kind: r.subjectId ? subjectKind(r.action, r.details) : null,
  }));
  const names = await subjectNames(db, kinds);
  const last = page.at(-1);

  const entries = page.map((r, i): AuditEntry => {
    const kind = kinds[i]!.kind;
    const storedTitle = typeof r.details.title === 'string' ? r.details.title : null;
    return {
      id: r.id,
      action: r.action,
      label: auditActionLabel(r.action),
      actor:
        r.actorId === null
          ? null
          : {
              id: r.actorId,
              // A deleted admin's entries stay; their name reads as Unknown User.
              name: r.firstName || r.lastName || !r.actorAccountName ? displayName(r) : r.actorAccountName,
            },
      subject:
        r.subjectId === null
          ? null
          : {
              id: r.subjectId,
              kind,
              // A deleted service's entry kept its title (service.deleted's details).
              name: (kind && names.get(`${kind}:${r.subjectId}`)) ?? (kind === 'service' ? storedTitle : null),
            },
      details: r.details,
      createdAt: new Date(r.createdAt).toISOString(),
    };
  });
  return {
    entries,
    nextCursor: rows.length > AUDIT_LIMITS.pageSize && last ? { at: last.at, id: last.id } : null,
  };
}

export type AuditPage = Awaited<ReturnType<typeof listAudit>>;
