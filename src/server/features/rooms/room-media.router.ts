import { router } from '../../trpc';

/** GIF search and trending for the room composer (issue 13). */
export const roomMediaRouter = router({});
