/** Payloads of the smaller live channels, and of the infrastructure's session channels (realtime/channels.ts). */
import type { PresenceStatus } from '../../domain/presence';
import type { PortfolioLiveEvent, ProfileLiveEvent } from './profile-events';

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
