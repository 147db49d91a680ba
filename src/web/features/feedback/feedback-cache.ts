import { adminFeedbackOrder, compareFeedback, type FeedbackAdminStatus } from '../../../domain/feedback';

type Listed = { id: string; createdAt: string; resolvedAt: string | null };
export type FeedbackList<T extends Listed> = { items: T[]; hasMore: boolean };

/**
 * A member's history after a live event: the item replaces its old copy, or joins the list, in the spec's order
 * (domain compareFeedback). Nothing is read again: the event carries the whole item.
 */
export function applyToMine<T extends Listed>(list: FeedbackList<T>, item: T): FeedbackList<T> {
  const items = [...list.items.filter((i) => i.id !== item.id), item].sort(compareFeedback);
  return { ...list, items };
}

/**
 * One of the admins' tables after a live event: the item leaves it, and comes back only if it belongs to this
 * table (a resolution moves it from Unresolved to Resolved). A table holds at most `limit` items; one pushed past it
 * marks the table as having more.
 */
export function applyToAdminTable<T extends Listed>(
  list: FeedbackList<T>,
  status: FeedbackAdminStatus,
  limit: number,
  item: T,
): FeedbackList<T> {
  const rest = list.items.filter((i) => i.id !== item.id);
  const belongs = (item.resolvedAt === null) === (status === 'unresolved');
  const items = belongs ? [...rest, item].sort(adminFeedbackOrder(status)) : rest;
  return { items: items.slice(0, limit), hasMore: list.hasMore || items.length > limit };
}
