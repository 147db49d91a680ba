import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN_USER_LIMITS } from '../../../domain/admin-users';
import type { Db } from '../../db/database';
import { selectAdminUserRows, type AdminUserRow } from './admin-user-row';

/** Where the next page starts: the last row's join time (to the microsecond) and id. */
export const adminUsersCursorSchema = z.object({
  joinedAt: z.iso.datetime(),
  id: z.string().min(1).max(64),
});
export type AdminUsersCursor = z.output<typeof adminUsersCursorSchema>;

export const listAdminUsersSchema = z.object({
  cursor: adminUsersCursorSchema.nullish(),
  /** Part of a name or an email; blank is everyone. */
  search: z.string().trim().max(ADMIN_USER_LIMITS.searchMax).optional(),
});
export type ListAdminUsers = z.input<typeof listAdminUsersSchema>;

/** LIKE's wildcards and its escape character, taken literally: a search for "a_b" finds "a_b", not "axb". */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * adminUsers.list: registered users only (the newsletter's entries are another table), newest joined first, one
 * page of ADMIN_USER_LIMITS.pageSize by keyset. A search matches part of the first name, the last name, both
 * together, the account name or the email, case-insensitively.
 */
export async function listAdminUsers(
  deps: { db: Db },
  admin: { id: string },
  input: { cursor?: AdminUsersCursor | null | undefined; search?: string | undefined },
): Promise<{ items: AdminUserRow[]; nextCursor: AdminUsersCursor | null }> {
  const limit = ADMIN_USER_LIMITS.pageSize;
  const search = input.search?.trim() ?? '';
  const pattern = `%${escapeLike(search)}%`;
  const conditions = [sql`true`];
  if (input.cursor) {
    conditions.push(sql`(u.created_at, u.id) < (${input.cursor.joinedAt}::timestamptz, ${input.cursor.id})`);
  }
  if (search) {
    // An exact id too: the dashboard's "Review member" of a passed ban poll links here with the member's id.
    conditions.push(sql`(u.id = ${search} or u.email ilike ${pattern} or u.name ilike ${pattern} or p.first_name ilike ${pattern}
      or p.last_name ilike ${pattern} or concat_ws(' ', p.first_name, p.last_name) ilike ${pattern})`);
  }
  const where = sql.join(conditions, sql` and `);
  const rows = await selectAdminUserRows(deps.db, admin.id, { where, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(({ joinedKey: _key, ...user }) => user),
    nextCursor: rows.length > limit && last ? { joinedAt: last.joinedKey, id: last.id } : null,
  };
}
