import { router } from '../../trpc';

export const adminUsersRouter = router({});
