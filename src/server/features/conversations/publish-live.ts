import type { AppEvent, Participants } from '../../contracts/app-events';
import type { AnyLiveListener } from '../../events/handlers';
import { conversationsChannels } from './conversations.channels';
import type { EventBus } from '../../realtime/event-bus';
import { publishChange } from './post-message';

/** Every event that happens in a conversation (it names the conversation and both participants). */
type ConversationScoped = Extract<AppEvent, { participants: Participants }>;

/**
 * One entry per conversation-scoped event type, whichever feature emits it: a new member of AppEvent that carries
 * `participants` fails to compile here until it is listed, so no conversation change goes unpublished.
 */
const PUBLISHED: Record<ConversationScoped['type'], true> = {
  'message.sent': true,
  'conversation.opened': true,
  'price.proposed': true,
  'price.accepted': true,
  'price.rejected': true,
  'conversation.reset': true,
  'messages.read': true,
  'payment.succeeded': true,
  'service.started': true,
  'service.completed': true,
  'service.cancelled': true,
  'review.submitted': true,
  'transfer.sent': true,
  'refund.issued': true,
  'dispute.opened': true,
  'dispute.resolved': true,
  'completion.confirmed': true,
  'transfer.failed': true,
  'transfer.held': true,
  'transfer.reversed': true,
};

/**
 * What an event means to the live screens, the same for every feature: its message (or notice) to the
 * conversation's channel and both inboxes, its new state to the conversation's channel; a read to the other party's
 * receipts and to the reader's own list and badge.
 */
export function publishConversationEvent(bus: EventBus, event: ConversationScoped) {
  if (event.type === 'messages.read') {
    if (event.messageIds.length === 0) return;
    const readerId = event.actorId!;
    bus.publish(conversationsChannels.conversation(event.conversationId), {
      type: 'read',
      readerId,
      messageIds: event.messageIds,
    });
    bus.publish(conversationsChannels.inbox(readerId), {
      type: 'read',
      conversationId: event.conversationId,
      count: event.count,
    });
    return;
  }
  publishChange(bus, {
    conversationId: event.conversationId,
    participants: event.participants,
    messages: event.message ? [event.message] : [],
    state: event.state,
  });
}

/** Conversation events to the conversation's live channel and both participants' inboxes. */
export function conversationLiveListeners(bus: EventBus): AnyLiveListener[] {
  return (Object.keys(PUBLISHED) as ConversationScoped['type'][]).map(
    // One generic listener for every type: the cast only joins the per-type listeners into the registry's union.
    (on) => ({ on, publish: (event: ConversationScoped) => publishConversationEvent(bus, event) }) as AnyLiveListener,
  );
}
