import type { EventBus } from './event-bus';
import { channels } from './channels';

/**
 * A session ended: its tabs hear it on its own channel, and every server's session cache and sockets on the shared
 * one. Every path that ends a session named by id goes through here.
 */
export function announceSessionEnded(bus: EventBus, sessionId: string) {
  bus.publish(channels.session(sessionId), { type: 'signed-out' });
  bus.publish(channels.sessionEnded, { sessionId });
}
