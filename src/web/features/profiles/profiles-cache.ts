import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';

type Outputs = inferRouterOutputs<AppRouter>;
/** A user's profile as profiles.public answers it (null: no such user). */
export type PublicProfile = Outputs['profiles']['public'];
/** What a profile event carries: the public profile after the change. */
export type PublicProfileData = NonNullable<PublicProfile>;
/** The signed-in user's own profile (profiles.mine), with its private fields. */
export type MyProfile = Outputs['profiles']['mine'];
/** What the shell knows of the signed-in user (accounts.me; null when signed out). */
export type CurrentAccount = Outputs['accounts']['me'];

/** The public page of the changed user shows the profile as the event carries it. */
export function withPublicProfile(cached: PublicProfile, profile: PublicProfileData): PublicProfile {
  return cached && cached.id !== profile.id ? cached : profile;
}

/** My Profile takes the changed public fields; its private ones (date of birth, payouts) are not in the event. */
export function withOwnPublicFields(mine: MyProfile, profile: PublicProfileData): MyProfile {
  if (mine.id !== profile.id) return mine;
  const { firstName, lastName, bio, school, avatarUrl, isAdmin, emailVerified, verifiedSchool } = profile;
  return { ...mine, firstName, lastName, bio, school, avatarUrl, isAdmin, emailVerified, verifiedSchool };
}

/** The shell's name, avatar and admin mark of the signed-in user follow their profile. */
export function withAccountFields(account: CurrentAccount, profile: PublicProfileData): CurrentAccount {
  if (!account || account.id !== profile.id) return account;
  const { firstName, lastName, avatarUrl, isAdmin } = profile;
  return { ...account, firstName, lastName, avatarUrl, isAdmin };
}

/** A view of the signed-in user with the picture they just uploaded (the event with the whole profile follows). */
export function withAvatarUrl<T extends { avatarUrl: string | null } | null>(cached: T, avatarUrl: string): T {
  return cached && cached.avatarUrl !== avatarUrl ? { ...cached, avatarUrl } : cached;
}

/** My Profile with the date of birth this tab saved, as the update answered it. */
export function withDateOfBirth(mine: MyProfile, dateOfBirth: string | null): MyProfile {
  return mine.dateOfBirth === dateOfBirth ? mine : { ...mine, dateOfBirth };
}
