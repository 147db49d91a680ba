import type { EventOf } from '../../contracts/app-events';
import { defineLiveListener, type AnyLiveListener } from '../../events/handlers';
import { progressionChannels } from './progression.channels';
import type { EventBus } from '../../realtime/event-bus';

/** Each progression award goes to its user's own channel only (progression.events), without the user id. */
export function progressionLiveListeners(bus: EventBus): AnyLiveListener[] {
  const to = (userId: string) => progressionChannels.progression(userId);
  return [
    defineLiveListener({
      on: 'progression.xp-changed',
      publish: ({ userId, xp, level }: EventOf<'progression.xp-changed'>) =>
        void bus.publish(to(userId), { type: 'xp-changed', xp, level }),
    }),
    defineLiveListener({
      on: 'progression.badge-earned',
      publish: ({ userId, slug, earnedAt }) => void bus.publish(to(userId), { type: 'badge-earned', slug, earnedAt }),
    }),
    defineLiveListener({
      on: 'progression.quest-completed',
      publish: ({ userId, slug, title, xp }) =>
        void bus.publish(to(userId), { type: 'quest-completed', slug, title, xp }),
    }),
    defineLiveListener({
      on: 'progression.level-up',
      publish: ({ userId, level, quests }) => void bus.publish(to(userId), { type: 'level-up', level, quests }),
    }),
    defineLiveListener({
      on: 'progression.quest-progress',
      publish: ({ userId, quests }) => void bus.publish(to(userId), { type: 'quest-progress', quests }),
    }),
    defineLiveListener({
      on: 'progression.streak',
      publish: ({ userId, streak }) => void bus.publish(to(userId), { type: 'streak', streak }),
    }),
  ];
}
