import { dealHandler } from './deal-handler';

/** Both parties but whoever opened it. */
export const onDisputeOpened = dealHandler({
  name: 'notifications.dispute-opened',
  on: 'dispute.opened',
  kind: 'dispute_opened',
  audience: 'both',
});
