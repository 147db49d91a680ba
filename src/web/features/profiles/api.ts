import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { PROFILE_MESSAGES } from '../../../domain/profile';
import { readAfresh } from '../../lib/live-cache';
import { withFeedback } from '../../lib/mutation-feedback';
import { useTRPC } from '../../lib/trpc';
import { uploadFile } from '../../lib/upload';
import { useLiveSubscription } from '../../lib/use-live-subscription';
import { useSession } from '../accounts/api';

export function useMyProfile(enabled = true) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.profiles.mine.queryOptions(), enabled });
}

export function usePublicProfile(userId: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.profiles.public.queryOptions({ userId }), enabled: userId.length > 0 });
}

/**
 * Everything that shows the signed-in user's own profile: My Profile, the shell, their public page, and the payout
 * status (Stripe's account.updated webhook sends a profile event too).
 */
function useOwnProfileViews() {
  const trpc = useTRPC();
  const userId = useSession().account?.id;
  return useMemo(
    () => [
      trpc.profiles.mine.queryKey(),
      trpc.accounts.me.queryKey(),
      userId ? trpc.profiles.public.queryKey({ userId }) : trpc.profiles.public.queryKey(),
      trpc.payouts.status.queryKey(),
    ],
    [trpc, userId],
  );
}

/** The signed-in user's own profile views, read again (the profile's answers and events carry no profile). */
function useRefreshOwnProfile() {
  const queryClient = useQueryClient();
  const views = useOwnProfileViews();
  return useCallback(async () => {
    await Promise.all(views.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  }, [queryClient, views]);
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

/**
 * The user's own profile changed (in this tab, another tab or another device): their views are read again, as the
 * event says only that it changed. A (re)start catches them up too: a change made while this tab's socket was away
 * may be past what the server still replays.
 */
export function useOwnProfileEvents(signedIn: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const views = useOwnProfileViews();
  useLiveSubscription(trpc.profiles.events.subscriptionOptions(undefined, { enabled: signedIn }), {
    watched: views,
    onEvent: () => {
      for (const queryKey of views) void readAfresh(queryClient, queryKey);
    },
  });
}
