import type { Db } from '../../db/database';
import { adminStream, type AdminStreamOptions } from '../accounts/admin-stream';
import { adminUsersChannels } from './admin-users.channels';
import type { EventBus } from '../../realtime/event-bus';
import { loadAdminUserRow, type AdminUserRow } from './admin-user-row';

/** What an admin's page receives: the whole row after a change, or the id of an account that is gone. */
export type AdminUsersStreamEvent =
  { type: 'user-changed'; userId: string; user: AdminUserRow } | { type: 'user-removed'; userId: string };

/**
 * adminUsers.events: the admins' channel (ids only) turned into rows as this admin sees them (isSelf is theirs),
 * each read once, after the commit that caused it, so the row is never older than the event. An admin stream: the
 * role is asked again as events flow (adminStream), so a demoted admin stops receiving them. Resumable by the bus's
 * event ids (the router tracks them).
 */
export async function* watchAdminUsers(
  ctx: { db: Db; bus: EventBus; user: { id: string } },
  options: AdminStreamOptions,
): AsyncGenerator<{ id: string; data: AdminUsersStreamEvent }, void, undefined> {
  for await (const event of adminStream(ctx, adminUsersChannels.adminUsers, options)) {
    const { userId } = event.data;
    if (event.data.type === 'user-removed') {
      yield { id: event.id, data: { type: 'user-removed', userId } };
      continue;
    }
    const user = await loadAdminUserRow(ctx.db, ctx.user.id, userId);
    // Gone between the event and this read: its user.deleted follows; say so now.
    yield { id: event.id, data: user ? { type: 'user-changed', userId, user } : { type: 'user-removed', userId } };
  }
}
