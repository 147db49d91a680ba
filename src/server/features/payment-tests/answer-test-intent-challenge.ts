import { answerTestChallenge, type TestCardDeps } from '../payments/test-card-charges';
import { testIntent } from './test-intents';

/** The payment test page's 3D Secure challenge: an admin completes or fails it on a test intent. */
export async function answerTestIntentChallenge(
  deps: TestCardDeps,
  _admin: { id: string },
  input: { paymentIntentId: string; approve: boolean },
) {
  return answerTestChallenge(deps, await testIntent(deps.db, input.paymentIntentId), input.approve);
}
