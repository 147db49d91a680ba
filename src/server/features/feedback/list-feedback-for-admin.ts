import { eq, isNotNull, isNull } from 'drizzle-orm';
import type { FeedbackAdminStatus } from '../../../domain/feedback';
import type { Db } from '../../db/database';
import { feedback } from '../../db/schema/feedback';
import { profiles } from '../../db/schema/profiles';
import { adminItemColumns, adminItemOf, feedbackOrder, resolvedFeedbackOrder } from './feedback-data';
import type { FeedbackAdminItem } from '../../contracts/feedback-events';

/**
 * One of the admins' tables (admins only, checked by the router): Unresolved Feedback (no resolved_at) or Resolved
 * Feedback, at most `limit` items: unresolved in the spec's order (newest first), resolved newest resolution first
 * (a newly resolved item must not fall past the cap). The dashboard reuses it for its 10
 * unresolved items.
 */
export async function listFeedbackForAdmin(
  deps: { db: Db },
  _admin: { id: string },
  input: { status: FeedbackAdminStatus; limit: number },
): Promise<{ items: FeedbackAdminItem[]; hasMore: boolean }> {
  const rows = await deps.db
    .select(adminItemColumns)
    .from(feedback)
    .leftJoin(profiles, eq(profiles.id, feedback.userId))
    .where(input.status === 'unresolved' ? isNull(feedback.resolvedAt) : isNotNull(feedback.resolvedAt))
    .orderBy(...(input.status === 'resolved' ? resolvedFeedbackOrder : feedbackOrder))
    .limit(input.limit + 1);
  return { items: rows.slice(0, input.limit).map(adminItemOf), hasMore: rows.length > input.limit };
}
