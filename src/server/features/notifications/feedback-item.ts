import { eq } from 'drizzle-orm';
import { boundedName, type NotificationKind } from '../../../domain/notifications';
import { feedback } from '../../db/schema/feedback';
import type { HandlerContext } from '../../events/handlers';
import { notify } from './notify';

/**
 * The feedback's author hears that an admin answered or resolved it: its title only (the outbox keeps no words, so
 * it is read from the row), never the answer itself nor which admin.
 */
export async function notifyFeedbackAuthor(
  ctx: HandlerContext,
  event: { actorId: string; userId: string; feedbackId: string },
  kind: NotificationKind,
) {
  if (event.userId === event.actorId) return;
  const [row] = await ctx.tx.select({ title: feedback.title }).from(feedback).where(eq(feedback.id, event.feedbackId));
  if (!row) return;
  await notify(ctx, {
    recipientId: event.userId,
    kind,
    subjectKey: event.feedbackId,
    payload: { path: '/feedback', subject: boundedName(row.title) },
  });
}
