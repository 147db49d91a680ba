import { defineHandler } from '../../events/handlers';
import { notify } from './notify';

export const onLevelUp = defineHandler({
  name: 'notifications.level-up',
  on: 'progression.level-up',
  async handle(ctx, event) {
    await notify(ctx, {
      recipientId: event.userId,
      kind: 'level_up',
      payload: { path: '/progress', level: event.level },
    });
  },
});
