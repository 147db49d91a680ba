import { router } from '../../trpc';

/** Chat rooms and their members (issue 13). */
export const roomsRouter = router({});
