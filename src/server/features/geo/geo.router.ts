import { z } from 'zod';
import { authedProcedure, router } from '../../trpc';
import { reverseGeocode } from './reverse-geocode';

export const geoRouter = router({
  /** Signed-in users only, a few a minute each: each distinct point costs a paid provider call and a cache entry. */
  reverse: authedProcedure
    .input(z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }))
    .query(({ ctx, input }) => reverseGeocode({ token: ctx.config.MAPBOX_TOKEN }, ctx.user, input)),
});
