import { z } from 'zod';
import { adminReasonSchema } from '../../../domain/admin-users';
import { adminProcedure, router } from '../../trpc';
import { deleteServiceAsAdmin } from './delete-service-as-admin';
import { dismissPoll } from './dismiss-poll';
import { listAdminServices, listAdminServicesSchema } from './list-admin-services';
import { restoreService } from './restore-service';

/**
 * Why an admin acted, kept in the audit row's details.reason: required (non-blank, bounded) on each of these, the
 * most consequential decisions about what members see (the audit log keeps who, when, what and why).
 */
const reason = adminReasonSchema;

/** /admin-services (spec 3 section 2): admins only, every procedure. */
export const adminServicesRouter = router({
  /** Every service, flagged first, 24 a page, with its report count and poll state. */
  list: adminProcedure
    .input(listAdminServicesSchema)
    .query(({ ctx, input }) => listAdminServices(ctx, ctx.user, input)),
  /** Delete any service (its image too), audited. */
  delete: adminProcedure
    .input(z.object({ serviceId: z.uuid(), reason }))
    .mutation(({ ctx, input }) => deleteServiceAsAdmin(ctx, ctx.user, input)),
  /** Put back a service a passed poll hid (or settle its passed poll), audited. */
  restore: adminProcedure
    .input(z.object({ serviceId: z.uuid(), reason }))
    .mutation(({ ctx, input }) => restoreService(ctx, ctx.user, input)),
  /** Settle a passed ban poll without suspending its member, audited. */
  dismissPoll: adminProcedure
    .input(z.object({ pollId: z.uuid(), reason }))
    .mutation(({ ctx, input }) => dismissPoll(ctx, ctx.user, input)),
});
