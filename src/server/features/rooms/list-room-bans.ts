import { desc, eq } from 'drizzle-orm';
import { canManageBans, ROOM_LIMITS } from '../../../domain/rooms';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { chatRoomBans } from '../../db/schema/rooms';
import { AppError } from '../../errors';
import type { RoomBanData } from '../../contracts/room-events';
import { assertCanReadRoom } from './room-access';

/**
 * The members panel's Banned section: the room's banned users, newest ban first, with their public name and picture
 * (never who banned them: that stays between the room's staff and the database). The creator's and a private room's
 * admins' only (canManageBans).
 */
export async function listRoomBans(
  deps: { db: Db },
  actor: { id: string },
  input: { id: string },
): Promise<RoomBanData[]> {
  const access = await assertCanReadRoom(deps.db, input.id, actor.id);
  if (!canManageBans(access.room, access.standing)) throw new AppError('ROOM_BANS_REFUSED');
  const rows = await deps.db
    .select({
      userId: chatRoomBans.userId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      avatarUrl: profiles.avatarUrl,
      bannedAt: chatRoomBans.createdAt,
    })
    .from(chatRoomBans)
    .leftJoin(profiles, eq(profiles.id, chatRoomBans.userId))
    .where(eq(chatRoomBans.roomId, input.id))
    .orderBy(desc(chatRoomBans.createdAt), chatRoomBans.userId)
    .limit(ROOM_LIMITS.banPage);
  return rows.map((row) => ({ ...row, bannedAt: row.bannedAt.toISOString() }));
}
