import type { EventBus } from '../../realtime/event-bus';
import { channels } from '../../realtime/channels';

/** Events about one browser session, shared by all its tabs. */
export type SessionEvent = { type: 'signed-out' };

/**
 * A session ended: its tabs hear it on its own channel, and every server's session cache and sockets on the shared
 * one. Every path that ends a session named by id goes through here.
 */
export function announceSessionEnded(bus: EventBus, sessionId: string) {
  bus.publish(channels.session(sessionId), { type: 'signed-out' });
  bus.publish(channels.sessionEnded, { sessionId });
}
