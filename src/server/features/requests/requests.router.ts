import { z } from 'zod';
import { requestListingSchema } from '../../../domain/listing-filters';
import { serviceRequestSchema } from '../../../domain/requests';
import { authedProcedure, publicProcedure, router } from '../../trpc';
import { getRequest, listUserRequests } from './list-requests';
import { createRequest, deleteRequest, updateRequest } from './save-request';

const requestId = z.object({ id: z.uuid() });

export const requestsRouter = router({
  list: publicProcedure
    .input(requestListingSchema)
    .query(async ({ ctx, input }) => (await ctx.listings.requests(input)).page),
  mine: authedProcedure.query(({ ctx }) => listUserRequests(ctx.db, ctx.user.id)),
  get: publicProcedure.input(requestId).query(({ ctx, input }) => getRequest(ctx.db, input.id)),
  create: authedProcedure.input(serviceRequestSchema).mutation(({ ctx, input }) => createRequest(ctx, ctx.user, input)),
  update: authedProcedure
    .input(z.object({ id: z.uuid(), fields: serviceRequestSchema }))
    .mutation(({ ctx, input }) => updateRequest(ctx, ctx.user, input.id, input.fields)),
  delete: authedProcedure.input(requestId).mutation(({ ctx, input }) => deleteRequest(ctx, ctx.user, input.id)),
});
