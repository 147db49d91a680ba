import type { AnyLiveListener } from '../../events/handlers';
import { defineHandler, defineLiveListener } from '../../events/handlers';
import { moderationChannels } from './moderation.channels';
import type { EventBus } from '../../realtime/event-bus';
import { settleBanPolls } from './settle-ban-polls';

/**
 * Reports' and polls' live listeners: committed events onto the polls channel (every signed-in member: the poll, its
 * counts, its close) and the admins' channel (reports with their service's count, and what an ended poll asks of
 * an admin). A report never goes to members: who reported what is for admins only.
 */
export function moderationLiveListeners(bus: EventBus): AnyLiveListener[] {
  return [
    defineLiveListener({
      on: 'report.submitted',
      publish: ({ serviceId, report, reportCount }) =>
        void bus.publish(moderationChannels.moderationAdmin, {
          type: 'report-submitted',
          serviceId,
          reportCount,
          report,
        }),
    }),
    defineLiveListener({
      on: 'poll.created',
      publish: ({ poll }) => {
        void bus.publish(moderationChannels.polls, { type: 'poll-created', poll });
        // Another admin's open /admin-services learns of it too: its Poll button, and the outcome later.
        void bus.publish(moderationChannels.moderationAdmin, {
          type: 'poll-started',
          pollId: poll.id,
          pollType: poll.pollType,
          serviceId: poll.serviceId,
          targetUserId: poll.targetUserId,
        });
      },
    }),
    defineLiveListener({
      on: 'poll.voted',
      publish: ({ pollId, yes, no }) =>
        void bus.publish(moderationChannels.polls, { type: 'poll-votes', pollId, yes, no }),
    }),
    defineLiveListener({
      on: 'poll.closed',
      publish: ({ pollId, pollType, serviceId, targetUserId, outcome, yes, no, closedAt }) => {
        void bus.publish(moderationChannels.polls, { type: 'poll-closed', pollId, outcome, yes, no });
        void bus.publish(moderationChannels.moderationAdmin, {
          type: 'poll-outcome',
          pollId,
          pollType,
          serviceId,
          targetUserId,
          outcome,
          yes,
          no,
          closedAt,
        });
      },
    }),
    // What one admin does on /admin-services reaches every other open admin page (and an owner's own delete too).
    defineLiveListener({
      on: 'service.deleted',
      publish: ({ serviceId }) =>
        void bus.publish(moderationChannels.moderationAdmin, { type: 'service-removed', serviceId }),
    }),
    defineLiveListener({
      on: 'service.restored',
      publish: ({ serviceId }) =>
        void bus.publish(moderationChannels.moderationAdmin, { type: 'service-restored', serviceId }),
    }),
    defineLiveListener({
      on: 'poll.dismissed',
      publish: ({ pollId }) => void bus.publish(moderationChannels.moderationAdmin, { type: 'poll-reviewed', pollId }),
    }),
  ];
}

/**
 * Suspending a member is how an admin acts on a passed user_ban poll about them: their passed polls still waiting
 * are marked reviewed by that admin, so they leave the dashboard's list. Durable (runs once, retried), in its own
 * transaction: the suspension is another engineer's use case, and this feature reacts without editing it. Only
 * polls already passed are touched (a poll still running goes on; one that passes later waits for an admin again).
 */
export const onUserSuspendedReviewBanPolls = defineHandler({
  name: 'moderation.review-ban-polls-on-suspension', // stored with pending deliveries: keep it stable
  on: 'user.suspended',
  // The suspension settles them in its own transaction (and names them in its audit entry); this only catches a
  // suspension recorded by an older server, so it usually finds nothing.
  async handle({ tx }, event) {
    await settleBanPolls(tx, event.userId, event.actorId);
  },
});
