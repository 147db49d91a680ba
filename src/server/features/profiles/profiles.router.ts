import { tracked } from '@trpc/server';
import { z } from 'zod';
import { profileUpdateSchema } from '../../../domain/profile';
import { profilesChannels } from './profiles.channels';
import { authedProcedure, publicProcedure, router } from '../../trpc';
import { getMyProfile } from './get-my-profile';
import { getPublicProfile } from './get-public-profile';
import { updateProfile } from './update-profile';

export const profilesRouter = router({
  mine: authedProcedure.query(({ ctx }) => getMyProfile(ctx, ctx.user)),
  update: authedProcedure.input(profileUpdateSchema).mutation(({ ctx, input }) => updateProfile(ctx, ctx.user, input)),
  public: publicProcedure
    .input(z.object({ userId: z.string().trim().min(1).max(100) }))
    .query(({ ctx, input }) => getPublicProfile(ctx, null, input)),
  /** The signed-in user's own profile changes, from any tab or device. */
  events: authedProcedure
    .input(z.object({ lastEventId: z.string().max(100).nullish() }).optional())
    .subscription(async function* ({ ctx, input, signal }) {
      for await (const event of ctx.bus.subscribe(profilesChannels.profile(ctx.user.id), {
        lastEventId: input?.lastEventId,
        signal,
      })) {
        yield tracked(event.id, event.data);
      }
    }),
});
