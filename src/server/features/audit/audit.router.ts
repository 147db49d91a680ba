import { adminProcedure, router } from '../../trpc';
import { auditListInputSchema } from '../../../domain/audit';
import { listAudit } from './list-audit';
import { listAuditActors } from './list-audit-actors';

/** The audit log: read-only, admins only. Nothing here or anywhere in the app edits an entry. */
export const auditRouter = router({
  /** /admin/audit: newest first, a page at a time, by action, admin, subject and dates. */
  list: adminProcedure.input(auditListInputSchema).query(({ ctx, input }) => listAudit(ctx, ctx.user, input)),
  /** The Admin filter's choices: who has entries, bounded. */
  actors: adminProcedure.query(({ ctx }) => listAuditActors(ctx, ctx.user)),
});
