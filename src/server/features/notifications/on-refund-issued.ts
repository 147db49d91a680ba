import { dealHandler } from './deal-handler';

/** The client's money came back. */
export const onRefundIssued = dealHandler({
  name: 'notifications.refund-issued',
  on: 'refund.issued',
  kind: 'refund_issued',
  audience: 'client',
  details: (event) => ({ amountCents: event.amountCents }),
});
