import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { PROFILE_MESSAGES } from '../../../domain/profile';
import { applyToCached, readAfresh } from '../../lib/live-cache';
import { withFeedback } from '../../lib/mutation-feedback';
import { useTRPC } from '../../lib/trpc';
import { uploadFile } from '../../lib/upload';
import { useLiveSubscription } from '../../lib/use-live-subscription';
import { useSession } from '../accounts/api';
import {
  withAccountFields,
  withAvatarUrl,
  withDateOfBirth,
  withOwnPublicFields,
  withPublicProfile,
  type PublicProfileData,
} from './profiles-cache';

export function useMyProfile(enabled = true) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.profiles.mine.queryOptions(), enabled });
}

export function usePublicProfile(userId: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.profiles.public.queryOptions({ userId }), enabled: userId.length > 0 });
}

/**
 * The signed-in user's own profile in every view that shows it: My Profile, the shell, their public page (public
 * fields, applied from an answer or an event), and the private ones: My Profile's date of birth and payout fields
 * and the payout status, which never travel on the live channel and are read again when they change.
 */
function useOwnProfileCache() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const userId = useSession().account?.id;
  return useMemo(() => {
    const keys = {
      mine: trpc.profiles.mine.queryKey(),
      me: trpc.accounts.me.queryKey(),
      // Only this user's page: without the id the key would match every cached profile.
      public: userId ? trpc.profiles.public.queryKey({ userId }) : null,
      payouts: trpc.payouts.status.queryKey(),
    };
    return {
      watched: Object.values(keys).filter((key) => key !== null),
      /** The public fields after a change, as an answer or an event carries them. */
      applyProfile: (profile: PublicProfileData) => {
        if (keys.public) applyToCached(queryClient, keys.public, (cached) => withPublicProfile(cached, profile));
        applyToCached(queryClient, keys.mine, (mine) => withOwnPublicFields(mine, profile));
        applyToCached(queryClient, keys.me, (account) => withAccountFields(account, profile));
      },
      /** The date of birth this tab saved, from the update's own answer. */
      applyDateOfBirth: (dateOfBirth: string | null) =>
        applyToCached(queryClient, keys.mine, (mine) => withDateOfBirth(mine, dateOfBirth)),
      /** The picture this tab uploaded, before the event with the whole profile arrives. */
      applyAvatar: (avatarUrl: string) => {
        if (keys.public) applyToCached(queryClient, keys.public, (cached) => withAvatarUrl(cached, avatarUrl));
        applyToCached(queryClient, keys.mine, (mine) => withAvatarUrl(mine, avatarUrl));
        applyToCached(queryClient, keys.me, (account) => withAvatarUrl(account, avatarUrl));
      },
      /** Private fields changed elsewhere (payouts, Stripe, another tab's date of birth): those views read again. */
      rereadPrivate: () => {
        void readAfresh(queryClient, keys.mine);
        void readAfresh(queryClient, keys.payouts);
      },
    };
  }, [trpc, queryClient, userId]);
}

export function useUpdateProfile() {
  const trpc = useTRPC();
  const cache = useOwnProfileCache();
  return useMutation(
    withFeedback(
      trpc.profiles.update.mutationOptions({
        onSuccess: ({ profile, dateOfBirth }) => {
          if (!profile) return;
          cache.applyProfile(profile);
          cache.applyDateOfBirth(dateOfBirth);
        },
      }),
      {
        success: PROFILE_MESSAGES.updated,
        failure: PROFILE_MESSAGES.updateFailed,
      },
    ),
  );
}

export function useUploadAvatar() {
  const cache = useOwnProfileCache();
  return useCallback(
    async (file: File, onProgress: (percent: number) => void) => {
      const result = await uploadFile<{ avatarUrl: string }>('avatar', file, onProgress);
      cache.applyAvatar(result.avatarUrl);
      return result;
    },
    [cache],
  );
}

/**
 * The user's own profile changed (in this tab, another tab or another device): the public profile the event carries
 * goes into their views; private fields, which it never carries, are read again when it says they changed. A
 * (re)start catches the views up: a change made while this tab's socket was away may be past what the server
 * still replays.
 */
export function useOwnProfileEvents(signedIn: boolean) {
  const trpc = useTRPC();
  const cache = useOwnProfileCache();
  useLiveSubscription(trpc.profiles.events.subscriptionOptions(undefined, { enabled: signedIn }), {
    watched: cache.watched,
    onEvent: (event) => {
      if (event.profile) cache.applyProfile(event.profile);
      if (!event.profile || event.privateFieldsChanged) cache.rereadPrivate();
    },
  });
}
