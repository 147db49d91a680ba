import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/router';

export type CurrentAccount = NonNullable<inferRouterOutputs<AppRouter>['accounts']['me']>;
