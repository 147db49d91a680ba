import type { EventBus } from './event-bus';
import type { PresenceStatus } from '../../domain/presence';

/** Channel names of the event bus, one place so publishers and subscribers agree. */
export const channels = {
  /** Changes to one user's own profile (name, bio, avatar): refreshes that user's views. */
  profile: (userId: string) => `profile:${userId}`,
  /** Portfolio changes of one user: public, as the portfolio is. */
  portfolio: (userId: string) => `portfolio:${userId}`,
  /**
   * Every heartbeat, status change and withdrawal: internal to the server. Clients never subscribe to it whole;
   * `presence.events` passes on only the users a signed-in page shows.
   */
  presence: 'presence',
  /** Some path deleted sessions (password change, "sign out other devices"): servers re-check their open sockets. */
  sessionsChanged: 'sessions-changed',
  /** Services, requests, or the owner names and pictures on their cards changed: the public listings refresh. */
  catalogue: 'catalogue',
  /** A conversation's new messages, reads and state changes: its two participants only. */
  conversation: (conversationId: string) => `conversation:${conversationId}`,
  /** One user's conversation list changed (a new conversation, a message, an unread count). */
  inbox: (userId: string) => `inbox:${userId}`,
} as const;

export type ProfileEvent = { type: 'profile-updated' };
export type PortfolioEvent = { type: 'portfolio-changed' };
export interface PresenceEvent {
  userId: string;
  onlineAt: string | null;
  manualStatus: PresenceStatus | null;
}

/** Tells the public listings that services, requests or the names and pictures on their cards changed. */
export function catalogueChanged(bus: EventBus) {
  bus.publish(channels.catalogue, { type: 'catalogue-changed' });
}
