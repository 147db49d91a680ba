import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useCallback } from 'react';
import { PROFILE_MESSAGES } from '../../../domain/profile';
import { withFeedback } from '../../lib/mutation-feedback';
import { useTRPC } from '../../lib/trpc';
import { uploadFile } from '../../lib/upload';

export function useMyProfile(enabled = true) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.profiles.mine.queryOptions(), enabled });
}

export function usePublicProfile(userId: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.profiles.public.queryOptions({ userId }), enabled: userId.length > 0 });
}

/** Everything that shows the signed-in user's own profile: My Profile, the shell, their public page. */
function useRefreshOwnProfile() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.profiles.mine.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.accounts.me.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.profiles.public.queryKey() }),
      // Payout status changes arrive as profile events too (Stripe's account.updated webhook).
      queryClient.invalidateQueries({ queryKey: trpc.payouts.status.queryKey() }),
    ]);
  }, [queryClient, trpc]);
}

export function useUpdateProfile() {
  const trpc = useTRPC();
  const refresh = useRefreshOwnProfile();
  return useMutation(
    withFeedback(trpc.profiles.update.mutationOptions({ onSuccess: refresh }), {
      success: PROFILE_MESSAGES.updated,
      failure: PROFILE_MESSAGES.updateFailed,
    }),
  );
}

export function useUploadAvatar() {
  const refresh = useRefreshOwnProfile();
  return useCallback(
    async (file: File, onProgress: (percent: number) => void) => {
      const result = await uploadFile<{ avatarUrl: string }>('avatar', file, onProgress);
      await refresh();
      return result;
    },
    [refresh],
  );
}

/** The user's own profile changed (in this tab, another tab or another device): refresh their views. */
export function useOwnProfileEvents(signedIn: boolean) {
  const trpc = useTRPC();
  const refresh = useRefreshOwnProfile();
  useSubscription(
    trpc.profiles.events.subscriptionOptions(undefined, { enabled: signedIn, onData: () => void refresh() }),
  );
}
