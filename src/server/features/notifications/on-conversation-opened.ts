import { dealHandler } from './deal-handler';

/** A service requested, or an offer sent on a request: the other party hears of it. */
export const onConversationOpened = dealHandler({
  name: 'notifications.conversation-opened',
  on: 'conversation.opened',
  kind: 'service_requested',
  audience: 'other-party',
  details: (event) => ({ offer: event.requestId !== null }),
});
