import { z } from 'zod';
import { authedProcedure, router } from '../../trpc';
import { searchGifs } from './search-gifs';

/** The GIF tab's question: trending, or a search of at most 100 characters. */
const gifQuerySchema = z.object({
  type: z.enum(['trending', 'search']),
  q: z.string().max(100).optional(),
});

/** GIF search and trending for the room composer; uploads are the plain route /api/uploads/chat-media. */
export const roomMediaRouter = router({
  // Signed in only: each call may cost a Giphy call against the site's key.
  gifs: authedProcedure
    .input(gifQuerySchema)
    .query(({ ctx, input }) =>
      searchGifs({ apiKey: ctx.config.GIPHY_API_KEY, apiUrl: ctx.config.GIPHY_API_URL }, ctx.user, input),
    ),
});
