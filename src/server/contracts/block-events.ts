/**
 * Blocking's events and live payloads: the blocker's own tabs apply them (the profile's and the header's button, the
 * Settings list, the rooms' folding). Nothing about a block ever travels to the blocked member.
 */

/** A member the caller blocked, as the Settings list shows them (their public name and picture only). */
export type BlockedMemberData = {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
  blockedAt: string;
};

export type BlockAppEvent =
  | { type: 'user.blocked'; actorId: string; member: BlockedMemberData }
  | { type: 'user.unblocked'; actorId: string; userId: string };

/** What travels on the blocker's own blocks channel. */
export type BlockLiveEvent = { type: 'blocked'; member: BlockedMemberData } | { type: 'unblocked'; userId: string };
