import { tracked } from '@trpc/server';
import { z } from 'zod';
import { REPORT_LIMITS } from '../../../domain/polls';
import { castVoteSchema, createPollSchema, reportServiceSchema } from '../../../domain/polls-schemas';
import { adminStream } from '../accounts/admin-stream';
import { moderationChannels } from './moderation.channels';
import { adminProcedure, authedProcedure, router } from '../../trpc';
import { castVote } from './cast-vote';
import { createPoll } from './create-poll';
import { listPolls } from './list-polls';
import { reportCounts, serviceReportsOf } from './report-counts';
import { reportService } from './report-service';

const resumable = z.object({ lastEventId: z.string().max(100).nullish() });

/** Service reports: members report, admins read. */
export const reportsRouter = router({
  /** A signed-in member reports a service that is not theirs, once. */
  submit: authedProcedure.input(reportServiceSchema).mutation(({ ctx, input }) => reportService(ctx, ctx.user, input)),
  /** Admins: report counts and whether a poll is active, for a page of services (the admin cards). */
  counts: adminProcedure
    .input(z.object({ serviceIds: z.array(z.uuid()).max(REPORT_LIMITS.countsMaxServices) }))
    .query(({ ctx, input }) => reportCounts(ctx, ctx.user, input)),
  /** Admins: one service's reports, newest first ("Failed to load service reports" on the web). */
  forService: adminProcedure
    .input(z.object({ serviceId: z.uuid() }))
    .query(({ ctx, input }) => serviceReportsOf(ctx, ctx.user, input)),
  /**
   * Admins: new reports and poll outcomes as they happen (moderationChannels.moderationAdmin), only while the
   * subscriber is still an admin (adminStream).
   */
  adminEvents: adminProcedure.input(resumable.optional()).subscription(async function* ({ ctx, input, signal }) {
    for await (const event of adminStream(ctx, moderationChannels.moderationAdmin, {
      lastEventId: input?.lastEventId,
      signal,
    })) {
      yield tracked(event.id, event.data);
    }
  }),
});

/** Community polls. */
export const pollsRouter = router({
  /** /polls: the active polls, their counts and the caller's own vote. */
  list: authedProcedure.query(({ ctx }) => listPolls(ctx, ctx.user)),
  /** One vote per member per poll, while it is open. */
  vote: authedProcedure.input(castVoteSchema).mutation(({ ctx, input }) => castVote(ctx, ctx.user, input)),
  /** Admins start a poll about a service or a user, with a reason. */
  create: adminProcedure.input(createPollSchema).mutation(({ ctx, input }) => createPoll(ctx, ctx.user, input)),
  /** New polls, vote counts and closes, for every signed-in member (moderationChannels.polls). */
  events: authedProcedure.input(resumable.optional()).subscription(async function* ({ ctx, input, signal }) {
    for await (const event of ctx.bus.subscribe(moderationChannels.polls, {
      lastEventId: input?.lastEventId,
      signal,
    })) {
      yield tracked(event.id, event.data);
    }
  }),
});
