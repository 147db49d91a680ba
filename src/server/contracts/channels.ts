import type { PresenceStatus } from '../../domain/presence';
import type { AdminUsersLiveEvent } from './admin-users-events';
import type { ConversationEvent, InboxEvent } from './conversation-events';
import type { FeedbackLiveEvent } from './feedback-events';
import type { ModerationLiveEvent } from './moderation-events';
import type { PortfolioLiveEvent, ProfileLiveEvent } from './profile-events';
import type { ProgressionLiveEvent } from './progression-events';
import type { RoomListChannelEvent, RoomLiveEvent } from './room-events';

export type ProfileEvent = ProfileLiveEvent;
export type PortfolioEvent = PortfolioLiveEvent;
export type CatalogueEvent = { type: 'catalogue-changed' };
export interface PresenceEvent {
  userId: string;
  onlineAt: string | null;
  manualStatus: PresenceStatus | null;
}
/** Events about one browser session, shared by all its tabs. */
export type SessionEvent = { type: 'signed-out' };
/** Some path deleted sessions without naming them (password change, "sign out other devices"). */
export type SessionsChangedEvent = Record<string, never>;
/** One session ended (signed out, revoked, found deleted): every server's caches and sockets of it let go. */
export interface SessionEndedEvent {
  sessionId: string;
}

/**
 * The one map from channel kind to what travels on it. Publishing the wrong payload on a channel, or reading a
 * channel's events as something else, fails to compile: every channel (realtime/channels.ts) is made from this map.
 */
export interface ChannelMap {
  profile: ProfileEvent;
  portfolio: PortfolioEvent;
  presence: PresenceEvent;
  catalogue: CatalogueEvent;
  conversation: ConversationEvent;
  room: RoomLiveEvent;
  roomList: RoomListChannelEvent;
  inbox: InboxEvent;
  session: SessionEvent;
  sessionEnded: SessionEndedEvent;
  sessionsChanged: SessionsChangedEvent;
  progression: ProgressionLiveEvent;
  feedback: FeedbackLiveEvent;
  moderation: ModerationLiveEvent;
  adminUsers: AdminUsersLiveEvent;
}
