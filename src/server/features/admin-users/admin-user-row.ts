import { sql, type SQL } from 'drizzle-orm';
import { displayName } from '../../../domain/user-summary';
import type { Db, Tx } from '../../db/database';

/** One registered user as /admin/users shows them (admins only: the email is here). */
export type AdminUserRow = {
  id: string;
  name: string;
  email: string;
  joinedAt: string;
  /** The last sign-in (or the sign-up, which signs in), as the dashboard reads it; null: the page says Never. */
  lastSignInAt: string | null;
  /** An active newsletter subscription has their email, compared case-insensitively (spec 3 section 3). */
  subscribed: boolean;
  isAdmin: boolean;
  /** Only while it lasts: an expired suspension is no suspension (no sweep removes the row). */
  suspension: { until: string | null; reason: string } | null;
  /** The viewing admin's own row: the page hides the actions the server refuses on oneself. */
  isSelf: boolean;
};

type RawRow = {
  id: string;
  account_name: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  joined_at: string | Date;
  /** created_at to the microsecond, as text: the keyset cursor (a JS Date would cut it to milliseconds). */
  joined_key: string;
  last_sign_in_at: string | Date | null;
  subscribed: boolean;
  is_admin: boolean;
  suspended_until: string | Date | null;
  suspension_reason: string | null;
};

/**
 * The rows, newest joined first, one statement: `where` filters users (alias u), `limit` bounds it.
 *
 * Per row: the last sign-in is the recorded column (auth.ts keeps it); subscribed probes the
 * newsletter's unique email key with the lower-cased account email (subscriptions are stored lower-cased, spec 1:
 * one row per lower-cased email; the dashboard's lower() on both sides could not use that key); the admin role
 * probes user_roles' (user_id, role) key; the suspension is the user_suspensions row by primary key while it lasts.
 */
export async function selectAdminUserRows(
  q: Db | Tx,
  viewerId: string,
  { where, limit }: { where: SQL; limit: number },
): Promise<(AdminUserRow & { joinedKey: string })[]> {
  const { rows } = await q.execute<RawRow>(sql`
    select u.id, u.name as account_name, p.first_name, p.last_name, u.email,
      u.created_at as joined_at,
      to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as joined_key,
      -- Recorded at every sign-in and at sign-up (auth.ts); sessions are not read: turning two-factor on or off and
      -- changing the password make new ones without a sign-in.
      u.last_sign_in_at,
      exists (
        select 1 from newsletter_subscriptions n where n.email = lower(u.email) and n.is_active
      ) as subscribed,
      exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'admin') as is_admin,
      su.until as suspended_until, su.reason as suspension_reason
    from users u
    left join profiles p on p.id = u.id
    left join user_suspensions su on su.user_id = u.id and (su.until is null or su.until > now())
    where ${where}
    order by u.created_at desc, u.id desc
    limit ${limit}`);
  const iso = (at: string | Date) => new Date(at).toISOString();
  return rows.map((r) => ({
    id: r.id,
    name:
      r.first_name || r.last_name ? displayName({ firstName: r.first_name, lastName: r.last_name }) : r.account_name,
    email: r.email,
    joinedAt: iso(r.joined_at),
    joinedKey: r.joined_key,
    lastSignInAt: r.last_sign_in_at === null ? null : iso(r.last_sign_in_at),
    subscribed: Boolean(r.subscribed),
    isAdmin: Boolean(r.is_admin),
    suspension:
      r.suspension_reason === null
        ? null
        : { until: r.suspended_until && iso(r.suspended_until), reason: r.suspension_reason },
    isSelf: r.id === viewerId,
  }));
}

/** One user's row as this admin sees it, or null when the account is gone. */
export async function loadAdminUserRow(q: Db | Tx, viewerId: string, userId: string): Promise<AdminUserRow | null> {
  const [row] = await selectAdminUserRows(q, viewerId, { where: sql`u.id = ${userId}`, limit: 1 });
  if (!row) return null;
  const { joinedKey: _key, ...user } = row;
  return user;
}
