import { chargeTestCard, type Card, type TestCardDeps } from '../payments/test-card-charges';
import { testIntent } from './test-intents';

/** The payment test page's card form: an admin pays a test intent (one that belongs to no conversation). */
export async function payTestIntent(
  deps: TestCardDeps,
  _admin: { id: string },
  input: { paymentIntentId: string } & Card,
) {
  return chargeTestCard(deps, await testIntent(deps.db, input.paymentIntentId), input);
}
