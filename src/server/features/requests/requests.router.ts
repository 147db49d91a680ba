import { z } from 'zod';
import { requestListingSchema } from '../../../domain/listing-schemas';
import { serviceRequestSchema } from '../../../domain/requests';
import { authedProcedure, publicProcedure, router } from '../../trpc';
import { createRequest } from './create-request';
import { deleteRequest } from './delete-request';
import { getRequest } from './get-request';
import { listMyRequests } from './list-my-requests';
import { updateRequest } from './update-request';

const requestId = z.object({ id: z.uuid() });

export const requestsRouter = router({
  list: publicProcedure
    .input(requestListingSchema)
    .query(async ({ ctx, input }) => (await ctx.listings.requests(input)).page),
  mine: authedProcedure.query(({ ctx }) => listMyRequests(ctx, ctx.user)),
  get: publicProcedure
    .input(requestId)
    .query(async ({ ctx, input }) => getRequest(ctx, (await ctx.session())?.user ?? null, input)),
  create: authedProcedure.input(serviceRequestSchema).mutation(({ ctx, input }) => createRequest(ctx, ctx.user, input)),
  update: authedProcedure
    .input(z.object({ id: z.uuid(), fields: serviceRequestSchema }))
    .mutation(({ ctx, input }) => updateRequest(ctx, ctx.user, input)),
  delete: authedProcedure.input(requestId).mutation(({ ctx, input }) => deleteRequest(ctx, ctx.user, input)),
});
