import { ownIntent } from './start-payment';
import { chargeTestCard, testMode, type Card, type CardResult, type TestCardDeps } from './test-card-charges';

/** Test mode's card form: Stripe's test numbers give Stripe's outcomes, on the client's own intent only. */
export async function payWithTestCard(
  deps: TestCardDeps,
  actor: { id: string },
  input: { conversationId: string; paymentIntentId: string } & Card,
): Promise<CardResult> {
  testMode(deps.payments);
  const { transaction } = await ownIntent(deps.db, actor, input.conversationId, input.paymentIntentId);
  return chargeTestCard(deps, transaction, input);
}
