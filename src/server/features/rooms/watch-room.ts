import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { roomsChannels } from './rooms.channels';
import type { BusEvent, EventBus } from '../../realtime/event-bus';
import { subscribeChannels } from '../../realtime/subscribe-channels';
import { assertCanReadRoom, roomAccess } from './room-access';
import type { RoomLiveEvent } from '../../contracts/room-events';

/** Whether an access change names this user (or everyone). */
const concerns = (event: RoomLiveEvent, userId: string) =>
  event.type === 'access-changed' && (event.userIds === 'all' || event.userIds.includes(userId));

/**
 * A room's live events for one reader, with the same permission as reading the room (assertCanReadRoom). When an
 * event says the reader's access may have changed (kicked, banned, removed, the room made private), it is checked
 * again and the stream ends if they may no longer read; it ends after the room's deletion too.
 */
export async function* watchRoom(
  deps: { db: Db; bus: EventBus },
  actor: { id: string },
  input: { id: string; lastEventId?: string | null | undefined },
  signal?: AbortSignal,
): AsyncGenerator<BusEvent<RoomLiveEvent>> {
  // The room's events, and the receipts this reader may see (of their messages, and their own) on their own channel.
  const { events, close } = subscribeChannels(
    deps.bus,
    [roomsChannels.room(input.id), roomsChannels.roomReceipts(input.id, actor.id)],
    { lastEventId: input.lastEventId, signal },
  );
  // The first next() starts listening; the check runs after it, so a kick committed just after the check is still
  // heard (checking first would leave a moment in which the reader's access-changed could pass unseen).
  const first = events.next();
  first.catch(() => undefined);
  try {
    await assertCanReadRoom(deps.db, input.id, actor.id);
    for (let next = await first; !next.done; next = await events.next()) {
      const event = next.value;
      if (concerns(event.data, actor.id)) {
        const access = await roomAccess(deps.db, input.id, actor.id).catch((error: unknown) => {
          if (error instanceof AppError) return null;
          throw error;
        });
        if (!access?.canRead) return;
      }
      yield event;
      if (event.data.type === 'room-deleted') return;
    }
  } finally {
    await close();
  }
}
