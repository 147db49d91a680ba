import { tracked } from '@trpc/server';
import { z } from 'zod';
import { portfolioItemSchema } from '../../../domain/portfolio';
import { portfolioChannels } from './portfolio.channels';
import { authedProcedure, publicProcedure, router } from '../../trpc';
import { createPortfolioItem } from './create-portfolio-item';
import { deletePortfolioItem } from './delete-portfolio-item';
import { listPortfolio } from './list-portfolio';
import { updatePortfolioItem } from './update-portfolio-item';

const userIdInput = z.object({ userId: z.string().trim().min(1).max(100) });
const itemId = z.uuid();

export const portfolioRouter = router({
  list: publicProcedure.input(userIdInput).query(({ ctx, input }) => listPortfolio(ctx, null, input)),
  create: authedProcedure
    .input(portfolioItemSchema)
    .mutation(({ ctx, input }) => createPortfolioItem(ctx, ctx.user, input)),
  update: authedProcedure
    .input(z.object({ id: itemId, fields: portfolioItemSchema }))
    .mutation(({ ctx, input }) => updatePortfolioItem(ctx, ctx.user, input)),
  delete: authedProcedure
    .input(z.object({ id: itemId }))
    .mutation(({ ctx, input }) => deletePortfolioItem(ctx, ctx.user, input)),
  /** Live changes to one user's portfolio. */
  events: publicProcedure
    .input(userIdInput.extend({ lastEventId: z.string().max(100).nullish() }))
    .subscription(async function* ({ ctx, input, signal }) {
      for await (const event of ctx.bus.subscribe(portfolioChannels.portfolio(input.userId), {
        lastEventId: input.lastEventId,
        signal,
      })) {
        yield tracked(event.id, event.data);
      }
    }),
});
