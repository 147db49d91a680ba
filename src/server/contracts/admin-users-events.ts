/**
 * What admins do to accounts, as domain events (recorded with each change) and as what travels live to admins'
 * pages (/admin/users, /admin-dashboard). Plain JSON. Never a suspension reason or an email in a domain event: the
 * outbox keeps no private words (events/record-events.ts); live events to admins may carry what admins may read.
 */

export type AdminUsersAppEvent =
  | { type: 'user.suspended'; actorId: string; userId: string; until: string | null }
  | { type: 'user.unsuspended'; actorId: string; userId: string }
  | { type: 'user.role-changed'; actorId: string; userId: string; admin: boolean };

/**
 * What travels on adminUsersChannels.adminUsers (admins only): ids, never a name, an email or a reason, since the bus
 * may be PostgreSQL's NOTIFY. Each admin's stream reads the row as that admin sees it (watch-admin-users.ts) and hands
 * the page the whole row, so the page applies it without reading its list again.
 */
export type AdminUsersLiveEvent =
  /** Signed up, signed in, suspended or unsuspended, given or removed the admin role. */
  { type: 'user-changed'; userId: string } | { type: 'user-removed'; userId: string };
