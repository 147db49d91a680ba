import { tracked } from '@trpc/server';
import { z } from 'zod';
import { PRESENCE_STATUSES } from '../../../domain/presence';
import { channels, type PresenceEvent } from '../../realtime/channels';
import { authedProcedure, publicProcedure, router } from '../../trpc';
import { getPresence, recordHeartbeat, setPresenceStatus, withdrawPresence } from './record-presence';

export const presenceRouter = router({
  heartbeat: authedProcedure.mutation(({ ctx }) => recordHeartbeat(ctx.db, ctx.bus, ctx.user)),
  withdraw: authedProcedure.mutation(({ ctx }) => withdrawPresence(ctx.db, ctx.bus, ctx.user)),
  setStatus: authedProcedure
    .input(z.object({ status: z.enum(PRESENCE_STATUSES).nullable() }))
    .mutation(({ ctx, input }) => setPresenceStatus(ctx.db, ctx.bus, ctx.user, input.status)),
  /** Presence of up to 200 users at once (the avatars on one screen). */
  of: publicProcedure
    .input(z.object({ userIds: z.array(z.string().min(1).max(100)).max(200) }))
    .query(({ ctx, input }) => getPresence(ctx.db, input.userIds)),
  /** The global presence channel: every heartbeat, status change and withdrawal. */
  events: publicProcedure
    .input(z.object({ lastEventId: z.string().nullish() }).optional())
    .subscription(async function* ({ ctx, input, signal }) {
      for await (const event of ctx.bus.subscribe(channels.presence, { lastEventId: input?.lastEventId, signal })) {
        yield tracked(event.id, event.data as PresenceEvent);
      }
    }),
});
