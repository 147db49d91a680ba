import { tracked } from '@trpc/server';
import { z } from 'zod';
import { PRESENCE_STATUSES, PRESENCE_WATCH_MAX } from '../../../domain/presence';
import { presenceChannels } from './presence.channels';
import { authedProcedure, router } from '../../trpc';
import { getPresence } from './get-presence';
import { recordHeartbeat } from './record-heartbeat';
import { setPresenceStatus } from './set-presence-status';
import { withdrawPresence } from './withdraw-presence';

const watchedUsers = z.object({
  userIds: z.array(z.string().min(1).max(100)).min(1).max(PRESENCE_WATCH_MAX),
});

/** Presence is for signed-in users, and only about the users their page shows. */
export const presenceRouter = router({
  heartbeat: authedProcedure.mutation(({ ctx }) => recordHeartbeat(ctx, ctx.user)),
  withdraw: authedProcedure.mutation(({ ctx }) => withdrawPresence(ctx, ctx.user)),
  setStatus: authedProcedure
    .input(z.object({ status: z.enum(PRESENCE_STATUSES).nullable() }))
    .mutation(({ ctx, input }) => setPresenceStatus(ctx, ctx.user, { status: input.status })),
  /** Presence of the avatars on one screen. */
  of: authedProcedure
    .input(watchedUsers)
    .query(({ ctx, input }) => getPresence(ctx, ctx.user, { userIds: input.userIds })),
  /** Changes of the given users only: the server reads the whole channel and passes on theirs. */
  events: authedProcedure
    .input(watchedUsers.extend({ lastEventId: z.string().max(100).nullish() }))
    .subscription(async function* ({ ctx, input, signal }) {
      const watched = new Set(input.userIds);
      for await (const event of ctx.bus.subscribe(presenceChannels.presence, {
        lastEventId: input.lastEventId,
        signal,
      })) {
        const change = event.data;
        if (watched.has(change.userId)) yield tracked(event.id, change);
      }
    }),
});
