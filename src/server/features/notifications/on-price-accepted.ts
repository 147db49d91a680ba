import { dealHandler } from './deal-handler';

export const onPriceAccepted = dealHandler({
  name: 'notifications.price-accepted',
  on: 'price.accepted',
  kind: 'price_accepted',
  audience: 'other-party',
  details: (event) => ({ amountCents: event.amountCents }),
});
