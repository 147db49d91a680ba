import { defineHandler } from '../../events/handlers';
import { notify } from './notify';

/** The member hears they were suspended (never the reason: the event carries none). */
export const onUserSuspended = defineHandler({
  name: 'notifications.user-suspended',
  on: 'user.suspended',
  async handle(ctx, event) {
    if (event.userId === event.actorId) return;
    await notify(ctx, { recipientId: event.userId, kind: 'suspended', payload: { path: '/' } });
  },
});
