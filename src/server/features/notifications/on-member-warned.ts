import { defineHandler } from '../../events/handlers';
import { notify } from './notify';

/** The member hears a moderator warned them (never who reported them, nor the admin's words). */
export const onMemberWarned = defineHandler({
  name: 'notifications.member-warned',
  on: 'member.warned',
  async handle(ctx, event) {
    await notify(ctx, { recipientId: event.userId, kind: 'warned', payload: { path: '/' } });
  },
});
