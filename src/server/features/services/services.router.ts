import { z } from 'zod';
import { serviceListingSchema } from '../../../domain/listing-filters';
import { editServiceSchema, offerServiceSchema } from '../../../domain/services';
import { authedProcedure, publicProcedure, router } from '../../trpc';
import { getService } from './get-service';
import { listUserServices } from './list-user-services';
import { createService, deleteService, updateService } from './save-service';

const serviceId = z.object({ id: z.uuid() });

export const servicesRouter = router({
  list: publicProcedure
    .input(serviceListingSchema)
    .query(async ({ ctx, input }) => (await ctx.listings.services(input)).page),
  byUser: publicProcedure
    .input(z.object({ userId: z.string().min(1).max(100) }))
    .query(async ({ ctx, input }) => listUserServices(ctx.db, input.userId, (await ctx.session())?.user.id ?? null)),
  mine: authedProcedure.query(({ ctx }) => listUserServices(ctx.db, ctx.user.id, ctx.user.id)),
  get: publicProcedure
    .input(serviceId)
    .query(async ({ ctx, input }) => getService(ctx.db, input.id, (await ctx.session())?.user.id ?? null)),
  create: authedProcedure.input(offerServiceSchema).mutation(({ ctx, input }) => createService(ctx, ctx.user, input)),
  update: authedProcedure
    .input(z.object({ id: z.uuid(), fields: editServiceSchema }))
    .mutation(({ ctx, input }) => updateService(ctx, ctx.user, input.id, input.fields)),
  delete: authedProcedure.input(serviceId).mutation(({ ctx, input }) => deleteService(ctx, ctx.user, input.id)),
});
