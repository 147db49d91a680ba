import { notificationSettingsInput } from '../../../domain/notification-preferences';
import { authedProcedure, router } from '../../trpc';
import { getNotificationSettings } from './get-notification-settings';
import { updateNotificationSettings } from './update-notification-settings';

/** A member's own notification choices; unsubscribing from an email is a plain route (http/unsubscribe-route.ts). */
export const notificationSettingsRouter = router({
  get: authedProcedure.query(({ ctx }) => getNotificationSettings(ctx, ctx.user)),
  update: authedProcedure
    .input(notificationSettingsInput)
    .mutation(({ ctx, input }) => updateNotificationSettings(ctx, ctx.user, input)),
});
