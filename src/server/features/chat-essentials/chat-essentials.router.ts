import { z } from 'zod';
import { muteTargetSchema, setMuteSchema } from '../../../domain/chat-essentials';
import { authedProcedure, router } from '../../trpc';
import { clearMute, getMute, setMute } from './mutes';
import { firstUnreadInConversation, firstUnreadInRoom } from './unread';

const onTarget = z.object({ target: muteTargetSchema });

/** A member's mutes of rooms and conversations, and where their unread starts. */
export const chatEssentialsRouter = router({
  mute: authedProcedure.input(onTarget).query(({ ctx, input }) => getMute(ctx, ctx.user, input)),
  setMute: authedProcedure.input(setMuteSchema).mutation(({ ctx, input }) => setMute(ctx, ctx.user, input)),
  clearMute: authedProcedure.input(onTarget).mutation(({ ctx, input }) => clearMute(ctx, ctx.user, input)),
  firstUnreadInRoom: authedProcedure
    .input(z.object({ roomId: z.uuid() }))
    .query(({ ctx, input }) => firstUnreadInRoom(ctx, ctx.user, input)),
  firstUnreadInConversation: authedProcedure
    .input(z.object({ conversationId: z.uuid() }))
    .query(({ ctx, input }) => firstUnreadInConversation(ctx, ctx.user, input)),
});
