import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { roomsChannels } from './rooms.channels';
import type { EventBus } from '../../realtime/event-bus';
import { assertCanPost } from './room-access';

/** One announcement per user per room per second reaches the room; the composer announces far less often. */
export const TYPING_INTERVAL_MS = 1000;
/** Users typing at once across all rooms that one server remembers; beyond it the oldest are forgotten. */
export const TYPING_GATE_MAX = 10_000;

export interface TypingGate {
  /** Whether this announcement may be published now (and, if so, remembers it). */
  admit(roomId: string, userId: string, typing: boolean, now?: number): boolean;
  readonly size: number;
}

/**
 * Bounded in memory: entries live in the order they were last published (a Map keeps insertion order), so the old
 * ones are evicted from the front. A stop right after a start passes, so the indicator clears on send without
 * waiting for the others' 5 s timeout; starts and repeats are held to one a second, so at most two publishes a
 * second per user and room, and a script's burst is dropped silently.
 */
export function createTypingGate({ intervalMs = TYPING_INTERVAL_MS, max = TYPING_GATE_MAX } = {}): TypingGate {
  const last = new Map<string, { at: number; typing: boolean }>();
  return {
    admit(roomId, userId, typing, now = Date.now()) {
      const key = `${roomId}:${userId}`;
      const previous = last.get(key);
      const stopsAStart = previous?.typing === true && !typing;
      if (previous && !stopsAStart && now - previous.at < intervalMs) return false;
      last.delete(key);
      last.set(key, { at: now, typing });
      for (const [oldKey, entry] of last) {
        if (last.size <= max && now - entry.at < intervalMs) break;
        last.delete(oldKey);
      }
      return true;
    },
    get size() {
      return last.size;
    },
  };
}

/** This server's gate: an in-memory limit per process, as the mutation limiter is. */
const serverGate = createTypingGate();

/**
 * "Alice is typing...": ephemeral, so it goes straight to the room's live channel and never to the database (no
 * domain event, no write). Only those who may post may announce it (the muted and banned cannot), with their first
 * name as the room shows it.
 */
export async function announceTyping(
  deps: { db: Db; bus: EventBus; typingGate?: TypingGate },
  actor: { id: string },
  input: { roomId: string; typing: boolean },
): Promise<{ published: boolean }> {
  const { db, bus, typingGate = serverGate } = deps;
  const [, profile] = await Promise.all([
    assertCanPost(db, input.roomId, actor.id),
    db.select({ firstName: profiles.firstName }).from(profiles).where(eq(profiles.id, actor.id)).limit(1),
  ]);
  if (!typingGate.admit(input.roomId, actor.id, input.typing)) return { published: false };
  bus.publish(roomsChannels.room(input.roomId), {
    type: 'typing',
    userId: actor.id,
    name: profile[0]?.firstName?.trim() || 'Someone',
    typing: input.typing,
  });
  return { published: true };
}
