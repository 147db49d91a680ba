import { canInvite, canManageRoom } from '../../../domain/rooms';
import type { Db } from '../../db/database';
import { assertCanReadRoom } from './room-access';
import { roomDataOf } from './room-member-data';

/**
 * One room for its page, with where the viewer stands and what they may do there (the page only hides buttons; each
 * procedure checks again). A private room's outsider gets "no access", a banned user "banned", never the room.
 */
export async function getRoom(deps: { db: Db }, actor: { id: string }, input: { id: string }) {
  const access = await assertCanReadRoom(deps.db, input.id, actor.id);
  const { room, standing } = access;
  return {
    ...roomDataOf(room),
    standing,
    isMember: standing !== 'outsider',
    canManage: canManageRoom(standing),
    canInvite: canInvite(room, standing),
    moderates: access.moderates,
    muted: access.membership?.mutedAt != null,
  };
}
