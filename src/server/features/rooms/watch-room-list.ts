import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { chatRoomBans } from '../../db/schema/rooms';
import { roomsChannels } from './rooms.channels';
import type { BusEvent, EventBus } from '../../realtime/event-bus';
import { subscribeChannels } from '../../realtime/subscribe-channels';
import type { RoomListChannelEvent, RoomListEvent } from '../../contracts/room-events';
import { chatEssentialsChannels } from '../chat-essentials/chat-essentials.channels';
import { memberRoomsOf, rememberRoom } from '../chat-essentials/member-rooms';

/**
 * The bans one subscription remembers to filter the directory with. Past it (a user banned from more rooms than any
 * real one is, perhaps on purpose), the directory's news is left out for them: asking the database for each event
 * instead would let one account multiply the database's work by its subscriptions. rooms.list stays right.
 */
const BANS_REMEMBERED = 10_000;

/** The rooms the user is banned from, or null when there are more than a subscription remembers. */
async function bannedRooms(db: Db, userId: string): Promise<Set<string> | null> {
  const rows = await db
    .select({ roomId: chatRoomBans.roomId })
    .from(chatRoomBans)
    .where(eq(chatRoomBans.userId, userId))
    .limit(BANS_REMEMBERED + 1);
  return rows.length > BANS_REMEMBERED ? null : new Set(rows.map((r) => r.roomId));
}

/**
 * The rooms list's live changes for one signed-in viewer (rooms.listEvents): the public directory and the viewer's
 * own channel, merged, each event decided for them. The directory carries only public rooms' data; a room the viewer
 * is banned from is left out of it, as rooms.list leaves it out, and their own channel's ban and unban keep that
 * current. Resumes after `lastEventId` on both channels (the bus numbers events across channels).
 */
export async function* watchRoomList(
  deps: { db: Db; bus: EventBus },
  actor: { id: string },
  input: { lastEventId?: string | null | undefined },
  signal?: AbortSignal,
): AsyncGenerator<BusEvent<RoomListEvent>> {
  const { events, close } = subscribeChannels<RoomListChannelEvent>(
    deps.bus,
    [roomsChannels.roomDirectory, roomsChannels.userRooms(actor.id), chatEssentialsChannels.roomActivity],
    { lastEventId: input.lastEventId, signal },
  );
  // Listening starts first, then the bans are read: a ban committed in between is in the read or heard after it.
  const first = events.next();
  first.catch(() => undefined);
  try {
    let banned = await bannedRooms(deps.db, actor.id);
    // The rooms whose messages count as unread for this viewer: only theirs pass (room activity is everyone's).
    const mine = await memberRoomsOf(deps.db, actor.id);
    // Too many to remember: treated as banned from every room the directory announces.
    const isBanned = (roomId: string) => banned?.has(roomId) ?? true;
    for (let next = await first; !next.done; next = await events.next()) {
      const { id, channel, data } = next.value;
      const out = (event: RoomListEvent): BusEvent<RoomListEvent> => ({ id, channel, data: event });
      switch (data.type) {
        case 'room-added':
          if (data.isMember) rememberRoom(mine, data.room.id);
          if (isBanned(data.room.id)) break;
          yield out({
            type: 'room-added',
            room: { ...data.room, isMember: data.isMember || data.room.createdBy === actor.id },
          });
          break;
        case 'room-updated':
          if (!isBanned(data.room.id)) yield out(data);
          break;
        case 'room-made-private':
          yield out(data);
          break;
        case 'room-removed':
          mine.delete(data.roomId);
          yield out(data);
          break;
        case 'member-of':
          rememberRoom(mine, data.roomId);
          break;
        case 'room-message':
          if (mine.has(data.roomId) && data.senderId !== actor.id) yield out(data);
          break;
        case 'unread':
          yield out(data);
          break;
        case 'banned':
          mine.delete(data.roomId);
          if (banned && banned.size >= BANS_REMEMBERED) banned = null;
          banned?.add(data.roomId);
          yield out({ type: 'room-removed', roomId: data.roomId });
          break;
        case 'unbanned':
          banned?.delete(data.roomId);
          if (data.room) {
            yield out({ type: 'room-added', room: { ...data.room, isMember: data.room.createdBy === actor.id } });
          }
          break;
      }
    }
  } finally {
    await close();
  }
}
