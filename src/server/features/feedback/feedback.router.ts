import { tracked } from '@trpc/server';
import { z } from 'zod';
import {
  FEEDBACK_ADMIN_STATUSES,
  FEEDBACK_LIMITS,
  feedbackResponseSchema,
  feedbackSchema,
} from '../../../domain/feedback';
import { adminStream } from '../accounts/admin-stream';
import { feedbackChannels } from './feedback.channels';
import { adminProcedure, authedProcedure, router } from '../../trpc';
import { listFeedbackForAdmin } from './list-feedback-for-admin';
import { listMyFeedback } from './list-my-feedback';
import { resolveFeedback } from './resolve-feedback';
import { respondToFeedback } from './respond-to-feedback';
import { submitFeedback } from './submit-feedback';

const byId = z.object({ id: z.uuid() });
const resumable = z.object({ lastEventId: z.string().max(100).nullish() });

/** The feedback centre: members' feedback and the admins' answers. */
export const feedbackRouter = router({
  /** A member sends feedback; the author is the caller (the mutation limiter applies, as to every authed change). */
  submit: authedProcedure.input(feedbackSchema).mutation(({ ctx, input }) => submitFeedback(ctx, ctx.user, input)),
  /** My Feedback: the caller's own items only. */
  mine: authedProcedure.query(({ ctx }) => listMyFeedback(ctx, ctx.user)),
  /** The caller's own items as they are answered and resolved (their own channel only). */
  events: authedProcedure.input(resumable.optional()).subscription(async function* ({ ctx, input, signal }) {
    for await (const event of ctx.bus.subscribe(feedbackChannels.feedbackOf(ctx.user.id), {
      lastEventId: input?.lastEventId,
      signal,
    })) {
      yield tracked(event.id, event.data);
    }
  }),
  /**
   * Admins: one table, Unresolved or Resolved Feedback, at most `limit` items (the dashboard asks for its 10
   * unresolved ones).
   */
  adminList: adminProcedure
    .input(
      z.object({
        status: z.enum(FEEDBACK_ADMIN_STATUSES),
        limit: z.number().int().min(1).max(FEEDBACK_LIMITS.listMax).default(FEEDBACK_LIMITS.listMax),
      }),
    )
    .query(({ ctx, input }) => listFeedbackForAdmin(ctx, ctx.user, input)),
  respond: adminProcedure
    .input(byId.extend(feedbackResponseSchema.shape))
    .mutation(({ ctx, input }) => respondToFeedback(ctx, ctx.user, input)),
  resolve: adminProcedure.input(byId).mutation(({ ctx, input }) => resolveFeedback(ctx, ctx.user, input)),
  /**
   * Every item's news, for admins: the role is checked when the subscription starts (adminProcedure) and again as
   * events flow (adminStream), so an admin who loses the role stops receiving them.
   */
  adminEvents: adminProcedure.input(resumable.optional()).subscription(async function* ({ ctx, input, signal }) {
    for await (const event of adminStream(ctx, feedbackChannels.feedbackAdmin, {
      lastEventId: input?.lastEventId,
      signal,
    })) {
      yield tracked(event.id, event.data);
    }
  }),
});
