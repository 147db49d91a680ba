import { awardHandler } from './award-handler';

/** A profile picture: first_avatar, complete_profile, profile_picture, profile_complete. */
export const onAvatarSet = awardHandler({
  name: 'progression.avatar-set',
  on: 'avatar.set',
  usersOf: (event) => [event.userId],
});
