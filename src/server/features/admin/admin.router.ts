import { adminProcedure, router } from '../../trpc';
import { getAdminDashboard } from './get-admin-dashboard';
import { getAdminOverview } from './get-admin-overview';

export const adminRouter = router({
  /** Counts for the admin dashboard header; the first admin-only procedure. */
  overview: adminProcedure.query(({ ctx }) => getAdminOverview(ctx, ctx.user)),
  /** /admin-dashboard: what needs an admin's attention, every list bounded (get-admin-dashboard.ts). */
  dashboard: adminProcedure.query(({ ctx }) => getAdminDashboard(ctx, ctx.user)),
});
