import { tracked } from '@trpc/server';
import { z } from 'zod';
import { ADMIN_USER_LIMITS, suspendUserSchema } from '../../../domain/admin-users';
import { adminProcedure, router } from '../../trpc';
import { deleteUser } from './delete-user';
import { exportNewsletter } from './export-newsletter';
import { listAdminUsers, listAdminUsersSchema } from './list-admin-users';
import { listNewsletterOnly, listNewsletterOnlySchema } from './list-newsletter-only';
import { setAdminRole } from './set-admin-role';
import { suspendUser } from './suspend-user';
import { unsuspendUser } from './unsuspend-user';
import { watchAdminUsers } from './watch-admin-users';

/** A user id as better-auth makes them (a UUID), bounded whatever a client sends. */
const userId = z.string().min(1).max(64);
/** Why an admin acted, kept in the audit row (optional; blank is none). */
const reason = z.string().trim().max(ADMIN_USER_LIMITS.reasonMax).optional();
const resumable = z.object({ lastEventId: z.string().max(100).nullish() });

/** /admin/users (spec 3 section 2; issue 15 items 6 and 9): admins only, every procedure. */
export const adminUsersRouter = router({
  /** Registered users, newest first, 50 a page, optionally searched by name or email. */
  list: adminProcedure.input(listAdminUsersSchema).query(({ ctx, input }) => listAdminUsers(ctx, ctx.user, input)),
  /** Active subscriptions of addresses without an account, newest first, 50 a page. */
  newsletterOnly: adminProcedure
    .input(listNewsletterOnlySchema)
    .query(({ ctx, input }) => listNewsletterOnly(ctx, ctx.user, input)),
  /** Every active subscription's email, one per line: Export All's text file. */
  exportNewsletter: adminProcedure.query(({ ctx }) => exportNewsletter(ctx, ctx.user)),
  /** Delete a user as Delete Account does; never oneself or the last admin; audited. */
  delete: adminProcedure
    .input(z.object({ userId, reason }))
    .mutation(({ ctx, input }) => deleteUser(ctx, ctx.user, input)),
  /** Grant or remove the admin role; never one's own removal or the last admin; audited. */
  setAdmin: adminProcedure
    .input(z.object({ userId, admin: z.boolean(), reason }))
    .mutation(({ ctx, input }) => setAdminRole(ctx, ctx.user, input)),
  /** Suspend for some days or until lifted, with a reason; never oneself or an admin; audited. */
  suspend: adminProcedure.input(suspendUserSchema).mutation(({ ctx, input }) => suspendUser(ctx, ctx.user, input)),
  /** Lift a suspension that still holds; audited. */
  unsuspend: adminProcedure
    .input(z.object({ userId }))
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
