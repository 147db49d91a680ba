import { boundedName } from '../../../domain/notifications';
import { defineHandler } from '../../events/handlers';
import { notify } from './notify';

export const onQuestCompleted = defineHandler({
  name: 'notifications.quest-completed',
  on: 'progression.quest-completed',
  async handle(ctx, event) {
    await notify(ctx, {
      recipientId: event.userId,
      kind: 'quest_completed',
      subjectKey: event.slug,
      payload: { path: '/progress', subject: boundedName(event.title), xp: event.xp },
    });
  },
});
