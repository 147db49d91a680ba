import type { Db } from '../../db/database';
import { isAdmin } from './is-admin';

/** Whether a user holds the admin role: public, like the spec's is_user_admin (the avatar's gold badge). */
export function isUserAdmin(deps: { db: Db }, _actor: { id: string } | null, input: { userId: string }) {
  return isAdmin(deps.db, input.userId);
}
