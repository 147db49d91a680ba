import type { ProfileEvent } from '../../contracts/channels';
import { defineChannel } from '../../realtime/channels';

/** Profiles' live channel. */
export const profilesChannels = {
  /** Changes to one user's own profile (name, bio, avatar): refreshes that user's views. */
  profile: (userId: string) => defineChannel<ProfileEvent>(`profile:${userId}`),
} as const;
