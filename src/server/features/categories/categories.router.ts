import { publicProcedure, router } from '../../trpc';
import { listCategories } from './list-categories';

export const categoriesRouter = router({
  list: publicProcedure.query(({ ctx }) => listCategories(ctx, null)),
});
