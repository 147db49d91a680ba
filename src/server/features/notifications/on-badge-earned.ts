import { BADGES } from '../../../domain/progression/badges';
import { defineHandler } from '../../events/handlers';
import { notify } from './notify';

export const onBadgeEarned = defineHandler({
  name: 'notifications.badge-earned',
  on: 'progression.badge-earned',
  async handle(ctx, event) {
    const badge = BADGES.find((b) => b.slug === event.slug);
    await notify(ctx, {
      recipientId: event.userId,
      kind: 'badge_earned',
      subjectKey: event.slug,
      payload: { path: '/progress', subject: badge?.name ?? null },
    });
  },
});
