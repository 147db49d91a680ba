import { z } from 'zod';
import { serviceListingSchema } from '../../../domain/listing-schemas';
import { editServiceSchema, offerServiceSchema } from '../../../domain/service-schemas';
import { authedProcedure, publicProcedure, router } from '../../trpc';
import { createService } from './create-service';
import { deleteService } from './delete-service';
import { getService } from './get-service';
import { listUserServices } from './list-user-services';
import { updateService } from './update-service';

const serviceId = z.object({ id: z.uuid() });

export const servicesRouter = router({
  list: publicProcedure
    .input(serviceListingSchema)
    .query(async ({ ctx, input }) => (await ctx.listings.services(input)).page),
  byUser: publicProcedure
    .input(z.object({ userId: z.string().min(1).max(100) }))
    .query(async ({ ctx, input }) => listUserServices(ctx, (await ctx.session())?.user ?? null, input)),
  mine: authedProcedure.query(({ ctx }) => listUserServices(ctx, ctx.user, { userId: ctx.user.id })),
  get: publicProcedure
    .input(serviceId)
    .query(async ({ ctx, input }) => getService(ctx, (await ctx.session())?.user ?? null, input)),
  create: authedProcedure.input(offerServiceSchema).mutation(({ ctx, input }) => createService(ctx, ctx.user, input)),
  update: authedProcedure
    .input(z.object({ id: z.uuid(), fields: editServiceSchema }))
    .mutation(({ ctx, input }) => updateService(ctx, ctx.user, input)),
  delete: authedProcedure.input(serviceId).mutation(({ ctx, input }) => deleteService(ctx, ctx.user, input)),
});
