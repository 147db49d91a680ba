import type { AnyEventHandler, AnyLiveListener } from '../../events/handlers';
import { defineLiveListener } from '../../events/handlers';
import { channels } from '../../realtime/channels';
import type { EventBus } from '../../realtime/event-bus';

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
        void bus.publish(channels.moderationAdmin, { type: 'report-submitted', serviceId, reportCount, report }),
    }),
    defineLiveListener({
      on: 'poll.created',
      publish: ({ poll }) => void bus.publish(channels.polls, { type: 'poll-created', poll }),
    }),
    defineLiveListener({
      on: 'poll.voted',
      publish: ({ pollId, yes, no }) => void bus.publish(channels.polls, { type: 'poll-votes', pollId, yes, no }),
    }),
    defineLiveListener({
      on: 'poll.closed',
      publish: ({ pollId, pollType, serviceId, targetUserId, outcome, yes, no }) => {
        void bus.publish(channels.polls, { type: 'poll-closed', pollId, outcome, yes, no });
        void bus.publish(channels.moderationAdmin, {
          type: 'poll-outcome',
          pollId,
          pollType,
          serviceId,
          targetUserId,
          outcome,
          yes,
          no,
        });
      },
    }),
  ];
}

/** Reports' and polls' durable handlers (none: what they change is written in the use cases' transactions). */
export const moderationHandlers: readonly AnyEventHandler[] = [];
