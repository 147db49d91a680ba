import { adminProcedure, router } from '../../trpc';
import { getAdminOverview } from './get-admin-overview';

export const adminRouter = router({
  /** Counts for the admin dashboard header; the first admin-only procedure. */
  overview: adminProcedure.query(({ ctx }) => getAdminOverview(ctx, ctx.user)),
});
