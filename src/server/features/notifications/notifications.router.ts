import { tracked } from '@trpc/server';
import { z } from 'zod';
import { NOTIFICATION_LIMITS } from '../../../domain/notifications';
import { authedProcedure, router } from '../../trpc';
import { countUnread } from './count-unread';
import { listNotifications } from './list-notifications';
import { markAllRead } from './mark-all-read';
import { markRead } from './mark-read';
import { notificationsChannels } from './notifications.channels';

const resumable = z.object({ lastEventId: z.string().max(100).nullish() });
const listInput = z.object({
  limit: z.number().int().min(1).max(NOTIFICATION_LIMITS.pageMax).optional(),
  cursor: z.object({ updatedAt: z.iso.datetime(), id: z.uuid() }).nullish(),
});

/** The caller's own notification centre: nothing here takes a user id but the caller's own items. */
export const notificationsRouter = router({
  list: authedProcedure.input(listInput).query(({ ctx, input }) => listNotifications(ctx, ctx.user, input)),
  unreadCount: authedProcedure.query(({ ctx }) => countUnread(ctx, ctx.user)),
  markRead: authedProcedure
    .input(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input }) => markRead(ctx, ctx.user, input)),
  markAllRead: authedProcedure.mutation(({ ctx }) => markAllRead(ctx, ctx.user)),
  /** The caller's items and unread count as they change (notificationsChannels.notificationsOf). */
  events: authedProcedure.input(resumable.optional()).subscription(async function* ({ ctx, input, signal }) {
    for await (const event of ctx.bus.subscribe(notificationsChannels.notificationsOf(ctx.user.id), {
      lastEventId: input?.lastEventId,
      signal,
    })) {
      yield tracked(event.id, event.data);
    }
  }),
});
