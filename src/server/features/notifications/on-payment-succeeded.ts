import { dealHandler } from './deal-handler';

/** The provider hears that the client paid: the money is received and held until the work is accepted. */
export const onPaymentSucceeded = dealHandler({
  name: 'notifications.payment-succeeded',
  on: 'payment.succeeded',
  kind: 'payment_received',
  audience: 'provider',
  details: (event) => ({ amountCents: event.amountCents }),
});
