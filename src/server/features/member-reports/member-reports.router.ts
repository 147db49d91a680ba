import { tracked } from '@trpc/server';
import { z } from 'zod';
import { reportInputSchema, reportQueueSchema, resolveReportsSchema } from '../../../domain/member-reports';
import { adminProcedure, authedProcedure, router } from '../../trpc';
import { currentMute } from './member-mute';
import { listReportQueue } from './report-queue';
import { resolveReports } from './resolve-reports';
import { submitReport } from './submit-report';
import { watchReportQueue } from './watch-report-queue';

const resumable = z.object({ lastEventId: z.string().max(100).nullish() });

/** Members' reports of members, messages, reviews and rooms; the admins' queue and its actions. */
export const memberReportsRouter = router({
  /** Report something the caller can see; one open report per item; silent to the reported member. */
  submit: authedProcedure.input(reportInputSchema).mutation(({ ctx, input }) => submitReport(ctx, ctx.user, input)),
  /** The caller's own platform-wide mute, if one holds: the composers say why they refuse. */
  myMute: authedProcedure.query(async ({ ctx }) => {
    const until = await currentMute(ctx.db, ctx.user.id);
    return { until: until?.toISOString() ?? null };
  }),
  /** Admins: open reports, one item per reported thing, newest or most reported first. */
  queue: adminProcedure.input(reportQueueSchema).query(({ ctx, input }) => listReportQueue(ctx, ctx.user, input)),
  /** Admins: dismiss, remove the message, warn, mute or suspend; audited; settles the item's open reports. */
  resolve: adminProcedure
    .input(resolveReportsSchema)
    .mutation(({ ctx, input }) => resolveReports(ctx, ctx.user, input)),
  /** Admins: the queue's items as they change. */
  events: adminProcedure.input(resumable.optional()).subscription(async function* ({ ctx, input, signal }) {
    for await (const event of watchReportQueue(ctx, { lastEventId: input?.lastEventId, signal })) {
      yield tracked(event.id, event.data);
    }
  }),
});
