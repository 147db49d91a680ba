import { awardHandler } from './award-handler';

/** Names and bio: complete_profile, write_bio, profile_complete. */
export const onProfileUpdated = awardHandler({
  name: 'progression.profile-updated',
  on: 'profile.updated',
  usersOf: (event) => [event.userId],
});
