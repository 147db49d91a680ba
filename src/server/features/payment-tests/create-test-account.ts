import type { TestModeProvider } from '../../payments/test-mode-provider';
import type { SuiteDeps } from './suite-types';

/** create-test-stripe-account: a connected account for routing checks; in test mode it is onboarded at once. */
export async function createTestAccount(
  deps: SuiteDeps,
  admin: { id: string; email: string },
  _input: void,
): Promise<string> {
  const accountId = await deps.payments.createConnectedAccount({
    userId: `routing-test-${admin.id}-${Date.now()}`,
    email: admin.email,
    guardianEmail: null,
  });
  if (deps.payments.mode === 'test') {
    await (deps.payments as TestModeProvider).submitOnboarding(accountId, {
      legalName: 'Routing Test',
      complete: true,
    });
  }
  return accountId;
}
