import { tracked } from '@trpc/server';
import { z } from 'zod';
import {
  deleteUserSchema,
  setAdminRoleSchema,
  suspendUserSchema,
  unsuspendUserSchema,
} from '../../../domain/admin-users';
import { adminProcedure, router } from '../../trpc';
import { deleteUser } from './delete-user';
import { exportNewsletter } from './export-newsletter';
import { listAdminUsers, listAdminUsersSchema } from './list-admin-users';
import { listNewsletterOnly, listNewsletterOnlySchema } from './list-newsletter-only';
import { setAdminRole } from './set-admin-role';
import { suspendUser } from './suspend-user';
import { unsuspendUser } from './unsuspend-user';
import { watchAdminUsers } from './watch-admin-users';

const resumable = z.object({ lastEventId: z.string().max(100).nullish() });

/** /admin/users (spec 3 section 2): admins only, every procedure. */
export const adminUsersRouter = router({
  /** Registered users, newest first, 50 a page, optionally searched by name or email. */
  list: adminProcedure.input(listAdminUsersSchema).query(({ ctx, input }) => listAdminUsers(ctx, ctx.user, input)),
  /** Active subscriptions of addresses without an account, newest first, 50 a page. */
  newsletterOnly: adminProcedure
    .input(listNewsletterOnlySchema)
    .query(({ ctx, input }) => listNewsletterOnly(ctx, ctx.user, input)),
  /** Every active subscription's email, one per line: Export All's text file. */
  exportNewsletter: adminProcedure.query(({ ctx }) => exportNewsletter(ctx, ctx.user)),
  /** Delete a user as Delete Account does; never oneself or an admin; audited with the required reason. */
  delete: adminProcedure.input(deleteUserSchema).mutation(({ ctx, input }) => deleteUser(ctx, ctx.user, input)),
  /** Grant (adults only) or remove the admin role; never one's own removal or the last admin; audited with why. */
  setAdmin: adminProcedure.input(setAdminRoleSchema).mutation(({ ctx, input }) => setAdminRole(ctx, ctx.user, input)),
  /** Suspend for some days or until lifted, with a reason; never oneself or an admin; audited. */
  suspend: adminProcedure.input(suspendUserSchema).mutation(({ ctx, input }) => suspendUser(ctx, ctx.user, input)),
  /** Lift a suspension that still holds; audited with why. */
  unsuspend: adminProcedure
    .input(unsuspendUserSchema)
    .mutation(({ ctx, input }) => unsuspendUser(ctx, ctx.user, input)),
  /**
   * Sign-ups, sign-ins, deletions, suspensions and role changes, each with the row after it. The role is checked
   * when the subscription starts (adminProcedure) and again as events flow (adminStream).
   */
  events: adminProcedure.input(resumable.optional()).subscription(async function* ({ ctx, input, signal }) {
    for await (const event of watchAdminUsers(ctx, { lastEventId: input?.lastEventId, signal })) {
      yield tracked(event.id, event.data);
    }
  }),
});
