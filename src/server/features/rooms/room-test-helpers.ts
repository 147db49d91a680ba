/** Helpers of the rooms' integration tests (rooms and members): a room's live events as a browser tab gets them. */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type WebSocket from 'ws';
import { roomsChannels } from './rooms.channels';
import type { TestUser } from '../../testing/marketplace';
import { TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import type { RoomLiveEvent } from '../../contracts/room-events';

type Reply = {
  id: number;
  /** A tracked event arrives as { id, data }. */
  result?: { type: string; id?: string; data?: { id: string; data: RoomLiveEvent } };
  error?: { message: string; data?: { code: string; appCode?: string } };
};

/** A probe only the tests publish: an access change naming nobody, which every reader passes on as it is. */
const PROBE: RoomLiveEvent = { type: 'access-changed', userIds: [] };
const isProbe = (event: RoomLiveEvent) =>
  event.type === 'access-changed' && Array.isArray(event.userIds) && event.userIds.length === 0;

/**
 * `rooms.events` over the site's WebSocket, as the room page subscribes. `ready()` waits until events flow (a probe
 * published on the room's channel arrives); `refusal()` waits for the error a refused subscription gets.
 */
export async function watchAs(app: TestApp, who: TestUser, roomId: string) {
  const ws: WebSocket = await app.server.injectWS('/api/trpc', {
    headers: { origin: TEST_ORIGIN, cookie: who.cookie },
  });
  const replies: Reply[] = [];
  ws.on('message', (data) => {
    const text = String(data);
    if (text !== 'PING' && text !== 'PONG') replies.push(JSON.parse(text) as Reply);
  });
  ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'rooms.events', input: { id: roomId } } }));
  const data = () => replies.filter((r) => r.result?.type === 'data').map((r) => r.result!.data!.data);
  return {
    /** The room events received so far, probes left out. */
    events: () => data().filter((e) => !isProbe(e)),
    ended: () => replies.some((r) => r.result?.type === 'stopped' || r.error),
    async ready() {
      await expect
        .poll(
          () => {
            if (!data().some(isProbe)) app.bus.publish(roomsChannels.room(roomId), PROBE);
            return data().some(isProbe);
          },
          { interval: 50, timeout: 5_000 },
        )
        .toBe(true);
    },
    async refusal(): Promise<string> {
      await expect.poll(() => replies.some((r) => r.error), { timeout: 5_000 }).toBe(true);
      return replies.find((r) => r.error)!.error!.message;
    },
    /** Whether a probe published now still reaches this reader (false once the subscription has ended). */
    async stillListening(): Promise<boolean> {
      const before = data().filter(isProbe).length;
      app.bus.publish(roomsChannels.room(roomId), PROBE);
      await new Promise((resolve) => setTimeout(resolve, 150));
      return data().filter(isProbe).length > before;
    },
    close: () => ws.terminate(),
  };
}

/** The room's stored messages, oldest first: kind, words and notice payload. */
export async function storedMessages(app: TestApp, roomId: string) {
  const { rows } = await app.database.db.execute<{ kind: string; content: string | null; payload: unknown }>(
    sql`select kind, content, payload from chat_messages where room_id = ${roomId} order by sent_at, id`,
  );
  return rows;
}

/** The events recorded for this room, oldest first. */
export async function recordedEvents(app: TestApp, roomId: string) {
  const { rows } = await app.database.db.execute<{ type: string; payload: Record<string, unknown> }>(
    sql`select type, payload from domain_events where payload ->> 'roomId' = ${roomId} order by id`,
  );
  return rows;
}

/** Every row of the room tables, to prove a refused call changed nothing. */
export async function roomTables(app: TestApp) {
  const tables = ['chat_rooms', 'chat_room_members', 'chat_room_bans', 'chat_messages'];
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const { rows } = await app.database.db.execute(sql`select * from ${sql.identifier(table)} order by 1, 2`);
    out[table] = rows;
  }
  return out;
}
