import type { RoomListChannelEvent, RoomLiveEvent } from '../../contracts/room-events';
import { defineChannel } from '../../realtime/channels';

/** Chat rooms' live channels. */
export const roomsChannels = {
  /**
   * A chat room's messages, edits, deletions, reactions, receipts, typing, members and settings: everyone allowed to
   * read the room (rooms.events checks it at the start and again when access changes).
   */
  room: (roomId: string) => defineChannel<RoomLiveEvent>(`room:${roomId}`),
  /**
   * One reader's share of a room's read receipts: the receipts of the messages they wrote, and their own (for their
   * other tabs). Receipts on the room channel reached every reader in it: a thousand readers marking one message
   * read was a million events passing through the subscriptions (bench/rooms).
   */
  roomReceipts: (roomId: string, userId: string) => defineChannel<RoomLiveEvent>(`room:${roomId}:receipts:${userId}`),
  /**
   * The rooms list's news for everyone signed in: public rooms created, renamed, described, made public or private,
   * and rooms deleted (an id only). Never a private room's name or description (rooms.listEvents, watch-room-list.ts).
   */
  roomDirectory: defineChannel<RoomListChannelEvent>('room-directory'),
  /** One user's own rooms-list news: private rooms they were added to or are out of, and their bans and unbans. */
  userRooms: (userId: string) => defineChannel<RoomListChannelEvent>(`user-rooms:${userId}`),
} as const;
