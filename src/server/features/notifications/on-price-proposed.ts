import { dealHandler } from './deal-handler';

export const onPriceProposed = dealHandler({
  name: 'notifications.price-proposed',
  on: 'price.proposed',
  kind: 'price_proposed',
  audience: 'other-party',
  details: (event) => ({ amountCents: event.amountCents }),
});
