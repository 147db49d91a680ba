import { router } from '../../trpc';

export const adminServicesRouter = router({});
