/**
 * What admins do to accounts, as domain events (recorded with each change) and as what travels live to admins'
 * pages (/admin/users, /admin-dashboard). Plain JSON. Never a suspension reason or an email in a domain event: the
 * outbox keeps no private words (events/record-events.ts); live events to admins may carry what admins may read.
 */

export type AdminUsersAppEvent =
  | { type: 'user.suspended'; actorId: string; userId: string; until: string | null }
  | { type: 'user.unsuspended'; actorId: string; userId: string }
  | { type: 'user.role-changed'; actorId: string; userId: string; admin: boolean };

/** Admins only (channels.adminUsers). */
export type AdminUsersLiveEvent = { type: 'users-changed' };
