import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';
import { ADMIN_DASHBOARD_LIMITS } from '../../../domain/admin-dashboard';
import { useTRPC } from '../../lib/trpc';

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
