import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { ADMIN_DASHBOARD_LIMITS } from '../../../domain/admin-dashboard';
import { displayName } from '../../../domain/user-summary';
import type { PollType } from '../../../domain/polls';
import type { PricingType } from '../../../domain/services';
import type { Db } from '../../db/database';
import { auditEvents } from '../../db/schema/audit';
import { users } from '../../db/schema/auth';
import { polls } from '../../db/schema/moderation';
import { newsletterSubscriptions } from '../../db/schema/newsletter';
import { profiles } from '../../db/schema/profiles';
import { serviceCategories } from '../../db/schema/service-categories';
import { services } from '../../db/schema/services';
import { listFeedbackForAdmin } from '../feedback/list-feedback-for-admin';

export interface DashboardService {
  id: string;
  title: string;
  ownerName: string;
  category: string | null;
  priceCents: number;
  pricingType: PricingType;
  reportCount: number;
  hasActivePoll: boolean;
  /** Set while a passed poll keeps it off the listings (until an admin deletes or restores it). */
  hiddenAt: string | null;
  createdAt: string;
}

export interface DashboardUser {
  id: string;
  name: string;
  email: string;
  joinedAt: string;
  /** The last sign-in (sign-up included); null when never signed in. */
  lastSignInAt: string | null;
}

export interface DashboardSubscriber {
  id: string;
  email: string;
  subscribedAt: string;
}

export interface DashboardAuditEntry {
  id: string;
  action: string;
  /** Null for the server itself (the poll sweep, start-up). */
  actorName: string | null;
  subjectId: string | null;
  createdAt: string;
}

export interface DashboardPassedPoll {
  id: string;
  title: string;
  pollType: PollType;
  /** The service a service_deletion poll hid, or the member a user_ban poll flagged: what the admin acts on. */
  serviceId: string | null;
  targetUserId: string | null;
  closedAt: string;
}

/**
 * admin.dashboard (admins only, checked by the router): everything that needs an admin's attention, each list
 * bounded by ADMIN_DASHBOARD_LIMITS. Reads only; emails are here because only admins reach this.
 */
export async function getAdminDashboard(deps: { db: Db }, admin: { id: string }, _input: object = {}) {
  const { db } = deps;
  const L = ADMIN_DASHBOARD_LIMITS;

  const serviceRows = await db
    .select({
      id: services.id,
      title: services.title,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      category: serviceCategories.name,
      priceCents: services.priceCents,
      pricingType: services.pricingType,
      // Correlated counts on 8 rows, each on an index (service_reports_service_idx, polls_active_service_key).
      reportCount: sql<number>`(select count(*)::int from service_reports r where r.service_id = ${services.id})`,
      hasActivePoll: sql<boolean>`exists (select 1 from polls p where p.service_id = ${services.id} and p.is_active)`,
      hiddenAt: services.hiddenAt,
      createdAt: services.createdAt,
    })
    .from(services)
    .leftJoin(profiles, eq(profiles.id, services.userId))
    .leftJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
    .orderBy(desc(services.createdAt), desc(services.id))
    .limit(L.services);

  const userRows = await db
    .select({
      id: users.id,
      accountName: users.name,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      email: users.email,
      joinedAt: users.createdAt,
      // The recorded sign-in (sign-up included), as /admin/users reads it.
      lastSignInAt: users.lastSignInAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(L.users);

  // Newsletter-only: an active subscription whose email matches no account, compared case-insensitively
  // (subscriptions are stored lower-cased, account emails may not be).
  const subscriberRows = await db
    .select({
      id: newsletterSubscriptions.id,
      email: newsletterSubscriptions.email,
      subscribedAt: newsletterSubscriptions.subscribedAt,
    })
    .from(newsletterSubscriptions)
    .where(
      and(
        eq(newsletterSubscriptions.isActive, true),
        sql`not exists (select 1 from users u where lower(u.email) = lower(${newsletterSubscriptions.email}))`,
      ),
    )
    .orderBy(desc(newsletterSubscriptions.subscribedAt), desc(newsletterSubscriptions.id))
    .limit(L.newsletterOnly);

  const feedback = await listFeedbackForAdmin(deps, admin, { status: 'unresolved', limit: L.feedback });

  const auditRows = await db
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      actorId: auditEvents.actorId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      subjectId: auditEvents.subjectId,
      createdAt: auditEvents.createdAt,
    })
    .from(auditEvents)
    .leftJoin(profiles, eq(profiles.id, auditEvents.actorId))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(L.audit);

  // A passed poll only asks an admin to act (domain/polls.ts) and leaves this list once one has (reviewed_at); the
  // newest outcomes first, through polls_passed_unreviewed_idx.
  const pollRows = await db
    .select({
      id: polls.id,
      title: polls.title,
      pollType: polls.pollType,
      serviceId: polls.serviceId,
      targetUserId: polls.targetUserId,
      closedAt: polls.closedAt,
    })
    .from(polls)
    .where(and(eq(polls.outcome, 'passed'), isNull(polls.reviewedAt)))
    .orderBy(sql`${polls.closedAt} desc nulls last`, desc(polls.id))
    .limit(L.passedPolls);

  const iso = (at: Date | string) => new Date(at).toISOString();

  return {
    services: serviceRows.map((r): DashboardService => ({
      id: r.id,
      title: r.title,
      ownerName: displayName(r),
      category: r.category,
      priceCents: r.priceCents,
      pricingType: r.pricingType,
      reportCount: Number(r.reportCount),
      hasActivePoll: Boolean(r.hasActivePoll),
      hiddenAt: r.hiddenAt === null ? null : iso(r.hiddenAt),
      createdAt: iso(r.createdAt),
    })),
    users: userRows.map((r): DashboardUser => ({
      id: r.id,
      name: r.firstName || r.lastName ? displayName(r) : r.accountName,
      email: r.email,
      joinedAt: iso(r.joinedAt),
      lastSignInAt: r.lastSignInAt === null ? null : iso(r.lastSignInAt),
    })),
    newsletterOnly: subscriberRows.map((r): DashboardSubscriber => ({
      id: r.id,
      email: r.email,
      subscribedAt: iso(r.subscribedAt),
    })),
    feedback,
    audit: auditRows.map((r): DashboardAuditEntry => ({
      id: r.id,
      action: r.action,
      actorName: r.actorId === null ? null : displayName(r),
      subjectId: r.subjectId,
      createdAt: iso(r.createdAt),
    })),
    passedPolls: pollRows.map((r): DashboardPassedPoll => ({
      id: r.id,
      title: r.title,
      pollType: r.pollType,
      serviceId: r.serviceId,
      targetUserId: r.targetUserId,
      closedAt: iso(r.closedAt ?? new Date(0)),
    })),
  };
}

export type AdminDashboard = Awaited<ReturnType<typeof getAdminDashboard>>;
