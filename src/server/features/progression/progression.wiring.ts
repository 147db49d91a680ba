import type { FeatureWiring } from '../../events/feature-wiring';
import { onAvatarSet } from './on-avatar-set';
import { onCompletionConfirmed } from './on-completion-confirmed';
import { onConversationOpened } from './on-conversation-opened';
import { onDisputeResolved } from './on-dispute-resolved';
import { onMessageSent } from './on-message-sent';
import { onPortfolioItemAdded } from './on-portfolio-item-added';
import { onProfileUpdated } from './on-profile-updated';
import { onRefundIssued } from './on-refund-issued';
import { onReviewSubmitted } from './on-review-submitted';
import { onRoomCreated } from './on-room-created';
import { onRoomMemberChanged } from './on-room-member-changed';
import { onRoomMessagePosted } from './on-room-message-posted';
import { onServiceCreated } from './on-service-created';
import { onTransferSent } from './on-transfer-sent';
import { progressionLiveListeners } from './publish-live';

/**
 * Progression reacts to every event that can change a user's XP, quests or badges (one `on-<event>.ts` file each),
 * and publishes each award to that user's own channel.
 */
export const progressionWiring = {
  handlers: [
    onMessageSent,
    onConversationOpened,
    onRoomMessagePosted,
    onRoomCreated,
    onRoomMemberChanged,
    onServiceCreated,
    onCompletionConfirmed,
    onDisputeResolved,
    onRefundIssued,
    onTransferSent,
    onReviewSubmitted,
    onPortfolioItemAdded,
    onProfileUpdated,
    onAvatarSet,
  ],
  liveListeners: progressionLiveListeners,
} satisfies FeatureWiring;
