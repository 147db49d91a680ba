import { router } from '../../trpc';

/** Service reports (issue 15 item 2). */
export const reportsRouter = router({});

/** Community polls (issue 15 item 3). */
export const pollsRouter = router({});
