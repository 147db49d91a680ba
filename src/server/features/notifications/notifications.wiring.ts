import type { FeatureWiring } from '../../events/feature-wiring';
import { onBadgeEarned } from './on-badge-earned';
import { onCompletionConfirmed } from './on-completion-confirmed';
import { onConversationOpened } from './on-conversation-opened';
import { onDisputeOpened } from './on-dispute-opened';
import { onDisputeRefunded } from './on-dispute-refunded';
import { onDisputeResolved } from './on-dispute-resolved';
import { onFeedbackResolved } from './on-feedback-resolved';
import { onFeedbackResponded } from './on-feedback-responded';
import { onLevelUp } from './on-level-up';
import { onMemberWarned } from './on-member-warned';
import { onMemberMentioned } from './on-member-mentioned';
import { onMessageSent } from './on-message-sent';
import { onMessagesRead } from './on-messages-read';
import { onPaymentSucceeded } from './on-payment-succeeded';
import { onPollClosed } from './on-poll-closed';
import { onPollCreated } from './on-poll-created';
import { onPriceAccepted } from './on-price-accepted';
import { onPriceProposed } from './on-price-proposed';
import { onPriceRejected } from './on-price-rejected';
import { onQuestCompleted } from './on-quest-completed';
import { onRefundIssued } from './on-refund-issued';
import { onReviewSubmitted } from './on-review-submitted';
import { onRoomMemberAdded } from './on-room-member-added';
import { onRoomMemberLeft } from './on-room-member-left';
import { onRoomMessageDeleted } from './on-room-message-deleted';
import { onServiceCompleted } from './on-service-completed';
import { onServiceStarted } from './on-service-started';
import { onTransferSent } from './on-transfer-sent';
import { onUserSuspended } from './on-user-suspended';
import { notificationsLiveListeners } from './publish-live';

/**
 * The notification centre: one durable handler per event that concerns a member (`on-<event>.ts`), each writing
 * that member's item once and emitting notification.changed, which goes live to the member's own channel.
 */
export const notificationsWiring = {
  handlers: [
    onBadgeEarned,
    onCompletionConfirmed,
    onConversationOpened,
    onDisputeOpened,
    onDisputeRefunded,
    onDisputeResolved,
    onFeedbackResolved,
    onFeedbackResponded,
    onLevelUp,
    onMemberWarned,
    onMemberMentioned,
    onMessageSent,
    onMessagesRead,
    onPaymentSucceeded,
    onPollClosed,
    onPollCreated,
    onPriceAccepted,
    onPriceProposed,
    onPriceRejected,
    onQuestCompleted,
    onRefundIssued,
    onReviewSubmitted,
    onRoomMemberAdded,
    onRoomMemberLeft,
    onRoomMessageDeleted,
    onServiceCompleted,
    onServiceStarted,
    onTransferSent,
    onUserSuspended,
  ],
  liveListeners: notificationsLiveListeners,
} satisfies FeatureWiring;
