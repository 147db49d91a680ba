import { tracked } from '@trpc/server';
import { z } from 'zod';
import { blockedListSchema, blockTargetSchema } from '../../../domain/blocks';
import { authedProcedure, router } from '../../trpc';
import { blockMember } from './block-member';
import { hasBlocked } from './block-rules';
import { blocksChannels } from './blocks.channels';
import { listBlocked, listBlockedIds } from './list-blocked';
import { unblockMember } from './unblock-member';

const resumable = z.object({ lastEventId: z.string().max(100).nullish() });

/** The caller's own blocks: nothing here answers whether someone blocked the caller. */
export const blocksRouter = router({
  block: authedProcedure.input(blockTargetSchema).mutation(({ ctx, input }) => blockMember(ctx, ctx.user, input)),
  unblock: authedProcedure.input(blockTargetSchema).mutation(({ ctx, input }) => unblockMember(ctx, ctx.user, input)),
  list: authedProcedure.input(blockedListSchema).query(({ ctx, input }) => listBlocked(ctx, ctx.user, input)),
  ids: authedProcedure.query(({ ctx }) => listBlockedIds(ctx, ctx.user)),
  /** Whether the caller blocked this member (one way: never whether they blocked the caller). */
  status: authedProcedure
    .input(blockTargetSchema)
    .query(async ({ ctx, input }) => ({ blocked: await hasBlocked(ctx.db, ctx.user.id, input.userId) })),
  /** The caller's blocks as they change, from any of their tabs (blocksChannels.blocksOf). */
  events: authedProcedure.input(resumable.optional()).subscription(async function* ({ ctx, input, signal }) {
    for await (const event of ctx.bus.subscribe(blocksChannels.blocksOf(ctx.user.id), {
      lastEventId: input?.lastEventId,
      signal,
    })) {
      yield tracked(event.id, event.data);
    }
  }),
});
