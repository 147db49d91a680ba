import { tracked } from '@trpc/server';
import { z } from 'zod';
import { authedProcedure, publicProcedure, router } from '../../trpc';
import { deleteAccountSchema } from '../../../domain/account-settings';
import { deleteAccount } from './delete-account';
import { getCurrentAccount } from './get-current-account';
import { isUserAdmin } from './is-user-admin';
import { channels } from '../../realtime/channels';

export const accountsRouter = router({
  /** The signed-in account, or null for a visitor. */
  me: publicProcedure.query(async ({ ctx }) => {
    const session = await ctx.session();
    return session ? getCurrentAccount(ctx, session.user) : null;
  }),

  /** Whether a user holds the admin role (the avatar's gold badge); public like the spec's is_user_admin. */
  isAdmin: publicProcedure
    .input(z.object({ userId: z.string().min(1).max(100) }))
    .query(({ ctx, input }) => isUserAdmin(ctx, null, input)),

  /** Deletes the signed-in account after the user typed its email and current password. */
  deleteAccount: authedProcedure
    .input(deleteAccountSchema)
    .mutation(({ ctx, input }) => deleteAccount(ctx, ctx.user, input)),

  /** Events for this browser session: a sign-out in another tab ends it here too. */
  sessionEvents: authedProcedure
    .input(z.object({ lastEventId: z.string().max(100).nullish() }).optional())
    .subscription(async function* ({ ctx, input, signal }) {
      const events = ctx.bus.subscribe(channels.session(ctx.sessionId), {
        lastEventId: input?.lastEventId ?? null,
        signal,
      });
      for await (const event of events) {
        yield tracked(event.id, event.data);
      }
    }),
});
