import type { ConversationEvent } from '../../contracts/conversation-events';
import { defineLiveListener, type AnyLiveListener } from '../../events/handlers';
import type { EventBus } from '../../realtime/event-bus';
import { conversationsChannels } from '../conversations/conversations.channels';
import { MEMBER_REPORT_TEXTS } from '../../../domain/member-reports';
import { memberReportsChannels } from './member-reports.channels';

/**
 * A new report or a settled item reaches the admins' queue live (its key; the stream reads the item). A direct
 * message a moderator removed changes on both parties' open chats, with its new words.
 */
export function memberReportsLiveListeners(bus: EventBus): AnyLiveListener[] {
  const changed = ({ targetKind, targetId }: { targetKind: string; targetId: string }) =>
    void bus.publish(memberReportsChannels.queue, {
      type: 'item-changed',
      targetKind: targetKind as never,
      targetId,
    });
  return [
    defineLiveListener({ on: 'member-report.submitted', publish: changed }),
    defineLiveListener({ on: 'member-reports.resolved', publish: changed }),
    defineLiveListener({
      on: 'direct-message.removed',
      publish: ({ conversationId, messageId }) => {
        const event: ConversationEvent = {
          type: 'message-removed',
          messageId,
          text: MEMBER_REPORT_TEXTS.removedByModerator,
        };
        void bus.publish(conversationsChannels.conversation(conversationId), event);
      },
    }),
  ];
}
