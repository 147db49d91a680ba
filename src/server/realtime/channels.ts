import type { ChannelMap } from '../contracts/channels';

declare const payloadType: unique symbol;
/** A channel's name, carrying the type of its events (at compile time only: at run time it is the string). */
export type Channel<T> = string & { readonly [payloadType]: T };
export type ChannelPayload<C> = C extends Channel<infer T> ? T : never;

const channel = <K extends keyof ChannelMap>(_kind: K, name: string) => name as Channel<ChannelMap[K]>;

/** Every channel of the event bus, one place so publishers and subscribers agree. */
export const channels = {
  /** Changes to one user's own profile (name, bio, avatar): refreshes that user's views. */
  profile: (userId: string) => channel('profile', `profile:${userId}`),
  /** Portfolio changes of one user: public, as the portfolio is. */
  portfolio: (userId: string) => channel('portfolio', `portfolio:${userId}`),
  /**
   * Every heartbeat, status change and withdrawal: internal to the server. Clients never subscribe to it whole;
   * `presence.events` passes on only the users a signed-in page shows.
   */
  presence: channel('presence', 'presence'),
  /** Services, requests, or the owner names and pictures on their cards changed: the public listings refresh. */
  catalogue: channel('catalogue', 'catalogue'),
  /** A conversation's new messages, reads and state changes: its two participants only. */
  conversation: (conversationId: string) => channel('conversation', `conversation:${conversationId}`),
  /**
   * A chat room's messages, edits, deletions, reactions, receipts, typing, members and settings: everyone allowed to
   * read the room (rooms.events checks it at the start and again when access changes).
   */
  room: (roomId: string) => channel('room', `room:${roomId}`),
  /**
   * One reader's share of a room's read receipts: the receipts of the messages they wrote, and their own (for their
   * other tabs). Receipts on the room channel reached every reader in it: a thousand readers marking one message
   * read was a million events passing through the subscriptions (bench/rooms).
   */
  roomReceipts: (roomId: string, userId: string) => channel('room', `room:${roomId}:receipts:${userId}`),
  /**
   * The rooms list's news for everyone signed in: public rooms created, renamed, described, made public or private,
   * and rooms deleted (an id only). Never a private room's name or description (rooms.listEvents, watch-room-list.ts).
   */
  roomDirectory: channel('roomList', 'room-directory'),
  /** One user's own rooms-list news: private rooms they were added to or are out of, and their bans and unbans. */
  userRooms: (userId: string) => channel('roomList', `user-rooms:${userId}`),
  /** One user's conversation list changed (a new conversation, a message, an unread count). */
  inbox: (userId: string) => channel('inbox', `inbox:${userId}`),
  /** Events about one browser session, shared by all its tabs (and the server's sockets of it). */
  session: (sessionId: string) => channel('session', `session:${sessionId}`),
  /** Every session that ends, on one channel: what caches sessions listens here instead of to each session. */
  sessionEnded: channel('sessionEnded', 'session-ended'),
  /** Some path deleted sessions (password change, "sign out other devices"): servers re-check their open sockets. */
  sessionsChanged: channel('sessionsChanged', 'sessions-changed'),
  /** What the server awarded one user (XP, level, badges, quests, streak): that user's own tabs only. */
  progression: (userId: string) => channel('progression', `progression:${userId}`),
  /** One member's own feedback items (answered, resolved): that member's tabs only. */
  feedbackOf: (userId: string) => channel('feedback', `feedback:${userId}`),
  /** Every feedback item's news, for admins only (feedback.adminEvents checks the role). */
  feedbackAdmin: channel('feedback', 'feedback-admin'),
  /** Polls opened, voted on and closed: every signed-in member (polls.events). */
  polls: channel('moderation', 'polls'),
  /** Reports and poll outcomes, for admins only (reports.adminEvents checks the role). */
  moderationAdmin: channel('moderation', 'moderation-admin'),
  /** Sign-ups, suspensions, role changes, deletions and newsletter changes, for admins only (adminUsers.events). */
  adminUsers: channel('adminUsers', 'admin-users'),
} as const;

/**
 * For the bus's own tests and transports only: a channel of any name and payload. Product code uses `channels`.
 */
export const rawChannel = <T>(name: string) => name as Channel<T>;
