import { eq } from 'drizzle-orm';
import { FEEDBACK_LIMITS } from '../../../domain/feedback';
import type { Db } from '../../db/database';
import { feedback } from '../../db/schema/feedback';
import { profiles } from '../../db/schema/profiles';
import { adminItemColumns, adminItemOf, feedbackOrder, memberItemOf } from './feedback-data';
import type { FeedbackItem } from '../../contracts/feedback-events';

/**
 * My Feedback: the caller's own items only (no input names a user), unresolved first, newest first, at most
 * `listMax`; `hasMore` says when older ones were left out.
 */
export async function listMyFeedback(
  deps: { db: Db },
  actor: { id: string },
): Promise<{ items: FeedbackItem[]; hasMore: boolean }> {
  const rows = await deps.db
    .select(adminItemColumns)
    .from(feedback)
    .leftJoin(profiles, eq(profiles.id, feedback.userId))
    .where(eq(feedback.userId, actor.id))
    .orderBy(...feedbackOrder)
    .limit(FEEDBACK_LIMITS.listMax + 1);
  return {
    items: rows.slice(0, FEEDBACK_LIMITS.listMax).map((row) => memberItemOf(adminItemOf(row))),
    hasMore: rows.length > FEEDBACK_LIMITS.listMax,
  };
}
