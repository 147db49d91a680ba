import { z } from 'zod';

/** Spec 3, section 9: the chat rooms' limits and timings, in one place for the server, the web and the tests. */
export const ROOM_LIMITS = {
  nameMax: 50,
  descriptionMax: 200,
  /** The composer's text; the box grows to 200 px. */
  messageMax: 2000,
  composerMaxHeightPx: 200,
  editMax: 1000,
  attachmentMaxBytes: 50 * 1024 * 1024,
  userSearchResults: 50,
  gifsPerRequest: 24,
  replyPreview: 50,
  /** A typing notice is cleared 3 s after the last keystroke and ignored when older than 5 s. */
  typingClearMs: 3000,
  typingStaleMs: 5000,
  receiptAvatars: 3,
  autoReadMs: 1000,
  scrollThresholdPx: 100,
  mediaScrollsMs: [100, 500, 1000],
  /** Messages per page when a room opens, and per "Load earlier messages" (as direct conversations page). */
  messagePage: 50,
  /** Rooms per page of the list, members per room listing. */
  roomPage: 60,
  memberPage: 500,
  /** Banned users listed per room (the Banned section), newest ban first. */
  banPage: 200,
} as const;

/** Every text of the chat rooms screens (spec 3, sections 2 and 8), verbatim. */
export const ROOM_MESSAGES = {
  empty: 'No chat rooms yet!',
  loadFailed: (message: string) => `Failed to fetch chat rooms: ${message}`,
  unexpected: (message: string) => `Unexpected error: ${message}`,
  signInToCreate: 'You must be logged in to create a chat room',
  nameRequired: 'Room name is required',
  createFailed: 'Failed to create chat room',
  created: 'Chat room created successfully!',
  deleteFailed: 'Failed to delete chat room',
  deleted: 'Chat room deleted successfully',
  updateFailed: 'Failed to update room settings',
  updated: 'Room settings updated successfully!',
  fetchFailed: 'Failed to fetch chat room',
  notFound: 'Chat room not found',
  error: (message: string) => `Error: ${message}`,
  noAccess: "You don't have access to this private chat room.",
  loadingRoom: 'Loading chat room...',
  loadingMessages: 'Loading messages...',
  noMessages: 'No messages yet',
  beFirst: 'Be the first to start the conversation!',
  composerPlaceholder: (roomName: string) => `Message #${roomName}`,
  privateRoom: 'Only invited members can join and see messages.',
  publicRoom: 'Anyone can join and participate in this room.',
  privacyWarningTitle: 'Changing Privacy Settings',
  privacyWarningPrivate: 'Private: users must be invited.',
  privacyWarningPublic: 'Public: anyone can join and see all messages.',
  deleteConfirm:
    'Are you sure you want to delete the room? This action cannot be undone. All messages, members, and invitations will be permanently removed.',
  deleting: 'Deleting...',
} as const;

export const MEMBER_MESSAGES = {
  searchFailed: 'Failed to search users',
  loadUsersFailed: 'Failed to load users',
  unableToAdd: 'Unable to add user',
  membershipCheckFailed: 'Failed to check membership status',
  alreadyMember: 'User is already a member',
  addToRoomFailed: 'Failed to add user to room',
  addedToRoom: 'User added to room successfully!',
  loadFailed: 'Failed to load members',
  addFailed: 'Failed to add member',
  removeFailed: 'Failed to remove member',
  roleFailed: 'Failed to update member role',
  authRequired: 'Authentication required',
  added: 'Member added successfully',
  removed: 'Member removed successfully',
  roleUpdated: 'Member role updated successfully',
  /** Beyond the spec, which leaves bans unwired: the Banned section and its Unban. */
  bannedTitle: 'Banned',
  noneBanned: 'No one is banned from this room.',
  loadBannedFailed: 'Failed to load banned users',
  unbanned: 'Member unbanned successfully',
  unbanFailed: 'Failed to unban member',
} as const;

export const ROOM_MESSAGE_MESSAGES = {
  loadFailed: 'Failed to load messages',
  signInToSend: 'You must be signed in to send messages',
  empty: 'Message cannot be empty',
  roomNotFound: 'Room not found',
  membersOnly: 'You must be a member to send messages to this private room',
  /** Beyond the spec, which leaves mute and ban unwired: what a muted or banned member is told. */
  muted: 'You are muted in this room',
  banned: 'You are banned from this room',
  sendFailedBecause: (message: string) => `Failed to send message: ${message}`,
  sendFailed: 'Failed to send message',
  signInToEdit: 'You must be signed in to edit messages',
  editFailed: 'Failed to edit message',
  onlyOwnEdit: 'You can only edit your own messages',
  edited: 'Message updated successfully',
  signInToDelete: 'You must be signed in to delete messages',
  deleteFailed: 'Failed to delete message',
  noDeletePermission: "You don't have permission to delete this message",
  deleted: 'Message deleted successfully',
  removeReactionFailed: 'Failed to remove reaction',
  cleanedStickers: (n: number) => `Cleaned up ${n} corrupted stickers.`,
} as const;

export const MEDIA_MESSAGES = {
  uploadFailedBecause: (message: string) => `Failed to upload file: ${message}`,
  uploadFailed: 'Failed to upload file',
  uploadMediaFailed: 'Failed to upload media',
  gifFailed: (message: string) => `Failed to send GIF: ${message}`,
  trendingFailed: 'Failed to load trending GIFs',
  searchFailed: 'Failed to search GIFs',
  saveFailed: 'Failed to save media',
  saved: 'Image, GIF or Video saved successfully!',
  tooLarge: 'File size must be less than 50MB',
  unsupported: 'Unsupported file type. Please use JPEG, PNG, GIF, WebP for images or MP4, WebM for videos.',
  gifNotConfigured: 'GIF search is not configured',
} as const;

/** A membership's stored role; the creator is who created the room (created_by), whatever their row says. */
export const ROOM_ROLES = ['member', 'moderator', 'admin'] as const;
export type RoomRole = (typeof ROOM_ROLES)[number];
/** What the viewer is in a room: its creator, a member with a role, or not a member. */
export type RoomStanding = 'creator' | RoomRole | 'outsider';

const RANK: Record<RoomStanding, number> = { outsider: 0, member: 1, moderator: 2, admin: 3, creator: 4 };

export const MEDIA_TYPES = ['image', 'video', 'gif'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Spec 3, section 5 (Attachment): what a chat upload may be, by the content's real type. */
export const ROOM_MEDIA_MIME_TYPES = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/gif': 'gif',
  'video/mp4': 'video',
  'video/webm': 'video',
  'video/quicktime': 'video',
} as const satisfies Record<string, MediaType>;
export type RoomMediaMime = keyof typeof ROOM_MEDIA_MIME_TYPES;

/** The room's name and description as the creation form and Room Management send them (spec 3, section 5). */
export const roomFieldsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: ROOM_MESSAGES.nameRequired })
    .max(ROOM_LIMITS.nameMax, { error: `Room name must be at most ${ROOM_LIMITS.nameMax} characters` }),
  // Optional; stored as empty when blank.
  description: z
    .string()
    .trim()
    .max(ROOM_LIMITS.descriptionMax, {
      error: `Description must be at most ${ROOM_LIMITS.descriptionMax} characters`,
    })
    .default(''),
  isPrivate: z.boolean().default(false),
});
export type RoomFields = z.infer<typeof roomFieldsSchema>;

/** A message's words: trimmed; empty only when media is attached (the send checks that). */
export const roomMessageTextSchema = z
  .string()
  .trim()
  .max(ROOM_LIMITS.messageMax, { error: `Messages are at most ${ROOM_LIMITS.messageMax} characters` });

export const roomEditTextSchema = z
  .string()
  .trim()
  .max(ROOM_LIMITS.editMax, { error: `Edits are at most ${ROOM_LIMITS.editMax} characters` });

/**
 * The viewer's standing (spec 3, section 4, "Room role of the viewing user"): the creator by created_by, else the
 * membership's role, else an outsider. A banned user has no membership, so is an outsider.
 */
export function standingOf(
  room: { createdBy: string | null },
  userId: string,
  membership: { role: RoomRole } | null,
): RoomStanding {
  if (room.createdBy === userId) return 'creator';
  return membership?.role ?? 'outsider';
}

/**
 * What a standing counts for in this room (spec 3, section 4, "Room role of the viewing user"): in a private room the
 * membership's role; in a public room every non-creator is "a plain member without moderation rights". The one place
 * the room's privacy enters the moderation rules: every rule below decides from the actor's role in the room, never
 * from the stored role alone. A public room's stored admin or moderator keeps that role in the database (it applies
 * again the moment the room is made private), but while the room is public it grants nothing: only the creator
 * changes roles, kicks, mutes, bans, removes, sees the Banned list and unbans there.
 */
export function roleInRoom(room: { isPrivate: boolean }, standing: RoomStanding): RoomStanding {
  if (room.isPrivate || standing === 'creator' || standing === 'outsider') return standing;
  return 'member';
}

/** Moderation rights (deleting others' messages): the creator always; a room admin or moderator in a private room. */
export function hasModerationRights(room: { isPrivate: boolean }, standing: RoomStanding): boolean {
  const role = roleInRoom(room, standing);
  return role === 'creator' || role === 'admin' || role === 'moderator';
}

/** Reading a room's messages and live events: anyone signed in for a public room (unless banned), members of a private one. */
export function canRead(room: { isPrivate: boolean }, standing: RoomStanding, banned: boolean): boolean {
  if (banned) return false;
  return !room.isPrivate || standing !== 'outsider';
}

/**
 * Spec 3, section 4 (Member role transitions) and section 6. Null when allowed, else why not. The actor counts by
 * their role in the room (roleInRoom: in a public room only the creator changes roles); the target by the role stored,
 * which is what the change moves from.
 */
export function roleChangeRefusal(
  room: { isPrivate: boolean },
  actorStanding: RoomStanding,
  target: { standing: RoomStanding; isSelf: boolean },
  to: RoomRole,
): 'SELF' | 'CREATOR' | 'NOT_ALLOWED' | null {
  const actor = roleInRoom(room, actorStanding);
  if (target.isSelf) return 'SELF';
  if (target.standing === 'creator') return 'CREATOR';
  if (target.standing === 'outsider' || target.standing === to) return 'NOT_ALLOWED';
  const from = target.standing;
  if (actor === 'creator') return null;
  // Below the creator: a room admin manages members who are not admins, and may only make moderators or members.
  if (actor === 'admin' && from !== 'admin' && to !== 'admin') return null;
  return 'NOT_ALLOWED';
}

export const MEMBER_ACTIONS = ['kick', 'mute', 'unmute', 'ban', 'remove'] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];

/**
 * Who may act on whom (spec 3, section 6, with kick, ban and mute made real): a moderator kicks and mutes plain
 * members; a room admin also bans and removes, on anyone who is not an admin; the creator on anyone but themselves.
 * Nobody acts on their own entry or on the creator. The actor counts by their role in the room (roleInRoom: in a
 * public room only the creator acts); the target by the role stored, so the creator of a public room may still act
 * on a stored admin.
 */
export function memberActionAllowed(
  room: { isPrivate: boolean },
  actorStanding: RoomStanding,
  target: { standing: RoomStanding; isSelf: boolean },
  action: MemberAction,
): boolean {
  const actor = roleInRoom(room, actorStanding);
  if (target.isSelf || target.standing === 'creator' || target.standing === 'outsider') return false;
  if (actor === 'creator') return true;
  if (RANK[actor] <= RANK[target.standing]) return false;
  if (actor === 'admin') return true;
  return actor === 'moderator' && (action === 'kick' || action === 'mute' || action === 'unmute');
}

/**
 * Who sees a room's banned users and lifts a ban: the creator and a private room's admins, the standings that may ban
 * at all (memberActionAllowed gives 'ban' to no one else). A moderator, who cannot ban, cannot unban either.
 */
export function canManageBans(room: { isPrivate: boolean }, standing: RoomStanding): boolean {
  const role = roleInRoom(room, standing);
  return role === 'creator' || role === 'admin';
}

/**
 * The Invite button and the add-member call (spec 3, section 6): "room admins and the creator, or any viewer if the
 * room is private". Read with section 4, "room admin" is the viewer's role in the room, and a public room's non-creator
 * is a plain member there: so in a public room only the creator invites (a stored admin is no room admin while the
 * room is public), and in a private room every member does. Nothing is lost in a public room: anyone may join it.
 */
export function canInvite(room: { isPrivate: boolean }, standing: RoomStanding): boolean {
  const role = roleInRoom(room, standing);
  if (role === 'creator' || role === 'admin') return true;
  return room.isPrivate && role !== 'outsider';
}

/** Only the creator renames, changes privacy or deletes (spec 3, section 5: rows where created_by matches). */
export const canManageRoom = (standing: RoomStanding): boolean => standing === 'creator';

/**
 * Who is typing, as the room shows it (spec 3, section 4): one name, two names joined, or a count. Announcements
 * older than 5 s are ignored by the caller (typingNames).
 */
export function typingText(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  if (names.length === 1) return `${names[0]} is typing...`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing...`;
  return `${names.length} people are typing...`;
}

/** The names of those whose typing notice is under 5 s old at `now` (the viewer excluded by the caller). */
export function typingNames(notices: readonly { name: string; at: number }[], now: number): string[] {
  return notices.filter((n) => now - n.at < ROOM_LIMITS.typingStaleMs).map((n) => n.name);
}

/** Read receipts (spec 3, section 9): up to 3 avatars then +n; the tooltip names up to 3, then "and n others". */
export function receiptsSummary(readers: readonly string[]): { shown: number; more: number; tooltip: string } {
  const shown = Math.min(readers.length, ROOM_LIMITS.receiptAvatars);
  const more = readers.length - shown;
  const named = readers.slice(0, ROOM_LIMITS.receiptAvatars).join(', ');
  const tooltip = more > 0 ? `Read by ${named} and ${more} ${more === 1 ? 'other' : 'others'}` : `Read by ${named}`;
  return { shown, more, tooltip };
}

/** A reply's preview of its parent: 50 characters, or the media's label (spec 3, section 9). */
export function replyPreview(parent: { content: string | null; mediaType: MediaType | null }): string {
  const text = parent.content?.trim() ?? '';
  if (text) return text.length > ROOM_LIMITS.replyPreview ? `${text.slice(0, ROOM_LIMITS.replyPreview)}...` : text;
  if (parent.mediaType === 'image') return 'Image';
  if (parent.mediaType === 'video') return 'Video';
  if (parent.mediaType === 'gif') return 'GIF';
  return 'Media';
}

/**
 * Reactions (spec 3, section 4): one per user per message. Picking another emoji replaces yours, clicking your own
 * removes it, clicking someone else's adds yours (replacing what you had). The outcome for the server to store.
 */
export function reactionOutcome(current: string | null, picked: string): { set: string } | { remove: true } {
  return current === picked ? { remove: true } : { set: picked };
}
