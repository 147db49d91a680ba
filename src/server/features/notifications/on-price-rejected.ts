import { dealHandler } from './deal-handler';

export const onPriceRejected = dealHandler({
  name: 'notifications.price-rejected',
  on: 'price.rejected',
  kind: 'price_rejected',
  audience: 'other-party',
});
