import { ownIntent } from './start-payment';
import { answerTestChallenge, testMode, type CardResult, type TestCardDeps } from './test-card-charges';

/** The 3D Secure challenge's answer on the client's own intent: Complete pays, Fail declines. */
export async function completeTestChallenge(
  deps: TestCardDeps,
  actor: { id: string },
  input: { conversationId: string; paymentIntentId: string; approve: boolean },
): Promise<CardResult> {
  testMode(deps.payments);
  const { transaction } = await ownIntent(deps.db, actor, input.conversationId, input.paymentIntentId);
  return answerTestChallenge(deps, transaction, input.approve);
}
