import { accountsRouter } from './features/accounts/accounts.router';
import { adminRouter } from './features/admin/admin.router';
import { router } from './trpc';

export const appRouter = router({
  accounts: accountsRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
