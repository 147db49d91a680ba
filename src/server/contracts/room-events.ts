import type { MediaType, RoomRole } from '../../domain/rooms';
import type { RoomMessageKind, RoomNotice } from '../../domain/room-notices';
import type { MentionData } from '../../domain/chat-essentials';

// Type aliases, not interfaces: domain events carry these, and only aliases are checked as JSON (app-events.ts).
/** A room as its screens show it. */
export type RoomData = {
  id: string;
  name: string;
  description: string;
  isPrivate: boolean;
  createdBy: string | null;
  createdAt: string;
};

/** A room as the rooms list shows it to everyone (its card): the room and how many members it had when sent. */
export type RoomCardData = RoomData & { memberCount: number };

/** One banned user as the Banned section lists them: public profile fields only, and when they were banned. */
export type RoomBanData = {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
  bannedAt: string;
};

/** The parent a reply shows (spec 3, section 3: reply_to). */
export type ReplyTarget = {
  id: string;
  content: string | null;
  senderId: string;
  mediaType: MediaType | null;
  mediaUrl: string | null;
  sentAt: string;
};

/** A room message as the room view shows it, with its sender's public name and picture and its reply target. */
export type RoomMessageData = {
  id: string;
  roomId: string;
  senderId: string;
  senderFirstName: string | null;
  senderLastName: string | null;
  senderAvatarUrl: string | null;
  kind: RoomMessageKind;
  content: string | null;
  /** A notice's typed payload (kind and fields); null for a member's message. */
  notice: RoomNotice | null;
  parentMessageId: string | null;
  replyTo: ReplyTarget | null;
  sentAt: string;
  editedAt: string | null;
  mediaType: MediaType | null;
  mediaUrl: string | null;
  mediaFilename: string | null;
  mediaSize: number | null;
  /** The members it mentions, as the sender picked them (absent on notices and where not loaded). */
  mentions?: MentionData[];
};

/** Who read: their public first name and picture, as the receipts' avatars and tooltip show them. */
export type RoomReader = { firstName: string | null; avatarUrl: string | null };

export type RoomMemberData = {
  userId: string;
  role: RoomRole;
  isCreator: boolean;
  muted: boolean;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
};

/**
 * What travels on a room's live channel (roomsChannels.room). Everything a screen needs is in the event; the client
 * applies it to its cache. Who may hear it is checked when the subscription starts and again on `access-changed`.
 */
export type RoomLiveEvent =
  | { type: 'message'; message: RoomMessageData }
  | { type: 'message-updated'; message: RoomMessageData }
  | { type: 'message-deleted'; messageId: string }
  /** A user's reaction on a message: the emoji it is now, or null once removed. */
  | { type: 'reaction'; messageId: string; userId: string; emoji: string | null }
  /** One reader's receipts for a burst of messages (a public room's reader may be in no member list: named here). */
  | {
      type: 'read';
      userId: string;
      messageIds: string[];
      readAt: string;
      reader: RoomReader;
      /**
       * The authors of the messages read. Only they (and the reader) are sent the receipts live: in a room of a
       * thousand, a receipt to everyone is a million frames per message.
       */
      senderIds: string[];
    }
  | { type: 'typing'; userId: string; name: string; typing: boolean }
  | { type: 'member'; member: RoomMemberData }
  /** Out of the room; with `reason` 'banned', the creator's and admins' Banned lists take the member in. */
  | { type: 'member-left'; userId: string; reason: 'left' | 'kicked' | 'banned' | 'removed' }
  /** A ban lifted: the Banned lists drop the row (the user is no member: they may join or be invited again). */
  | { type: 'member-unbanned'; userId: string }
  | { type: 'room-updated'; room: RoomData }
  | { type: 'room-deleted' }
  /** A user's access may have ended (kicked, banned, removed, the room made private): their subscriptions re-check. */
  | { type: 'access-changed'; userIds: string[] | 'all' };

/**
 * What the rooms list's two channels carry (roomsChannels.roomDirectory for everyone, roomsChannels.userRooms for one
 * user). Only public rooms' data goes on the directory; a private room's card goes only to the channel of a user who is
 * in it.
 */
export type RoomListChannelEvent =
  /** A room to show: new, made public, or (on a user's channel) a private room they were added to. */
  | { type: 'room-added'; room: RoomCardData; isMember: boolean }
  /** A public room renamed or described: lists that show it update it; nobody's list gains it. */
  | { type: 'room-updated'; room: RoomCardData }
  /** A public room made private: no data, only the id; each list keeps it only if its viewer is a member. */
  | { type: 'room-made-private'; roomId: string }
  /** Deleted (directory), or this user is out of a private room (their channel). */
  | { type: 'room-removed'; roomId: string }
  /** This user was banned from a room (their channel): it leaves their list and the directory's news of it stop. */
  | { type: 'banned'; roomId: string }
  /** This user's ban was lifted (their channel): a public room comes back to their list (`room`), a private one not. */
  | { type: 'unbanned'; roomId: string; room: RoomCardData | null }
  /** This user read in a room (any tab or device, their channel): what is still unread there. */
  | { type: 'unread'; roomId: string; unread: number }
  /** A member's message in some room (roomActivity: every list filters it down to the viewer's own rooms). */
  | { type: 'room-message'; roomId: string; senderId: string; messageId: string }
  /** This user is a member of the room now (their channel): their list counts its messages from here on. */
  | { type: 'member-of'; roomId: string };

/** What `rooms.listEvents` sends one viewer: the list's changes, each already decided for them (watch-room-list.ts). */
export type RoomListEvent =
  | { type: 'room-added'; room: RoomCardData & { isMember: boolean } }
  | { type: 'room-updated'; room: RoomCardData }
  | { type: 'room-made-private'; roomId: string }
  | { type: 'room-removed'; roomId: string }
  /** The viewer's unread count in one of their rooms, now (read elsewhere). */
  | { type: 'unread'; roomId: string; unread: number }
  /** Someone else's message in one of the viewer's rooms: one more unread. */
  | { type: 'room-message'; roomId: string; senderId: string; messageId: string };
