import type { AdminUsersLiveEvent } from '../../contracts/admin-users-events';
import { defineChannel } from '../../realtime/channels';

/** The admin users page's live channel. */
export const adminUsersChannels = {
  /** Sign-ups, suspensions, role changes, deletions and newsletter changes, for admins only (adminUsers.events). */
  adminUsers: defineChannel<AdminUsersLiveEvent>('admin-users'),
} as const;
