import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';
import { ADMIN_DASHBOARD_LIMITS } from '../../../domain/admin-dashboard';
import { useTRPC } from '../../lib/trpc';
import { useAdminUsersEvents } from '../admin-users/api';

type Outputs = inferRouterOutputs<AppRouter>;
export type AdminDashboard = Outputs['admin']['dashboard'];
type FeedbackTable = Outputs['feedback']['adminList'];

/** The dashboard's sections in one read (server: get-admin-dashboard.ts bounds each list). */
export function useAdminDashboard() {
  const trpc = useTRPC();
  return useQuery(trpc.admin.dashboard.queryOptions());
}

/**
 * The unresolved feedback as a feedback.adminList cache entry, seeded from the dashboard's answer: that is the entry
 * useAdminFeedbackEvents keeps current with the item each event carries, so new items and resolutions show live
 * without reading the dashboard again.
 */
export function useDashboardFeedback(seed: FeedbackTable, seededAt: number) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.feedback.adminList.queryOptions({ status: 'unresolved', limit: ADMIN_DASHBOARD_LIMITS.feedback }),
    initialData: seed,
    initialDataUpdatedAt: seededAt,
  });
}

/** Takes a passed poll off the dashboard once an admin has acted on it (the server marks it reviewed). */
export function useDropPassedPoll() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (pollId: string) =>
    queryClient.setQueryData(trpc.admin.dashboard.queryKey(), (old) =>
      old ? { ...old, passedPolls: old.passedPolls.filter((p) => p.id !== pollId) } : old,
    );
}

/**
 * The dashboard's recent users follow /admin/users' live stream: a sign-up goes on top (the list keeps its 5), a
 * changed row is replaced; the event carries the row, so nothing is read again. A deleted account leaves at once,
 * and then the dashboard is read again: the user who moves up into the 5 is in no event.
 */
export function useDashboardUsersLive() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = trpc.admin.dashboard.queryKey();
  useAdminUsersEvents((event) => {
    if (event.type === 'user-removed') {
      queryClient.setQueryData(key, (old) =>
        old ? { ...old, users: old.users.filter((u) => u.id !== event.userId) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: key });
      return;
    }
    queryClient.setQueryData(key, (old) => {
      if (!old) return old;
      const { id, name, email, joinedAt, lastSignInAt } = event.user;
      const row = { id, name, email, joinedAt, lastSignInAt };
      if (old.users.some((u) => u.id === id)) {
        return { ...old, users: old.users.map((u) => (u.id === id ? row : u)) };
      }
      // Only a sign-up newer than every listed user belongs among the most recent.
      const newest = old.users[0];
      if (newest && joinedAt <= newest.joinedAt) return old;
      return { ...old, users: [row, ...old.users].slice(0, ADMIN_DASHBOARD_LIMITS.users) };
    });
  });
}
