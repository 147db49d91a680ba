import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { feedback } from '../../db/schema/feedback';
import { profiles } from '../../db/schema/profiles';
import type { FeedbackAdminItem, FeedbackItem } from '../../contracts/feedback-events';

/** The columns of the admin view, with the author's public name (a left join: a profile may be missing). */
export const adminItemColumns = {
  id: feedback.id,
  userId: feedback.userId,
  title: feedback.title,
  category: feedback.category,
  message: feedback.message,
  createdAt: feedback.createdAt,
  adminResponse: feedback.adminResponse,
  respondedAt: feedback.respondedAt,
  respondedBy: feedback.respondedBy,
  resolvedAt: feedback.resolvedAt,
  resolvedBy: feedback.resolvedBy,
  authorFirstName: profiles.firstName,
  authorLastName: profiles.lastName,
};

type AdminRow = Omit<FeedbackAdminItem, 'createdAt' | 'respondedAt' | 'resolvedAt'> & {
  createdAt: Date;
  respondedAt: Date | null;
  resolvedAt: Date | null;
};

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

/**
 * Every list's order (spec 3 section 7; domain/feedback.ts compareFeedback): unresolved first, then by resolution
 * time, newest first; the id makes it total.
 */
export const feedbackOrder = [
  sql`${feedback.resolvedAt} asc nulls first`,
  desc(feedback.createdAt),
  desc(feedback.id),
] as const;

/**
 * The admins' Resolved table (domain/feedback.ts compareResolvedFeedback): newest resolution first, so a newly
 * resolved item is always within the table's cap.
 */
export const resolvedFeedbackOrder = [
  sql`${feedback.resolvedAt} desc`,
  desc(feedback.createdAt),
  desc(feedback.id),
] as const;

export function adminItemOf(row: AdminRow): FeedbackAdminItem {
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    category: row.category,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    adminResponse: row.adminResponse,
    respondedAt: iso(row.respondedAt),
    respondedBy: row.respondedBy,
    resolvedAt: iso(row.resolvedAt),
    resolvedBy: row.resolvedBy,
    authorFirstName: row.authorFirstName,
    authorLastName: row.authorLastName,
  };
}

/** The author's view of an item: the admin view without the admins' ids and the author's own name. */
export function memberItemOf(item: FeedbackAdminItem): FeedbackItem {
  return {
    id: item.id,
    title: item.title,
    category: item.category,
    message: item.message,
    createdAt: item.createdAt,
    adminResponse: item.adminResponse,
    respondedAt: item.respondedAt,
    resolvedAt: item.resolvedAt,
  };
}

/** One item in the admin view, read inside the change's transaction (for its event). */
export async function loadAdminItem(tx: Tx | Db, id: string): Promise<FeedbackAdminItem | null> {
  const [row] = await tx
    .select(adminItemColumns)
    .from(feedback)
    .leftJoin(profiles, eq(profiles.id, feedback.userId))
    .where(eq(feedback.id, id));
  return row ? adminItemOf(row) : null;
}
