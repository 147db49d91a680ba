import { describe, expect, it } from 'vitest';
import {
  guardianEmailSchema,
  needsGuardianScreen,
  onboardingErrorText,
  onboardingFlow,
  payoutBadge,
  PAYOUT_MESSAGES,
  testOnboardingSchema,
} from './payouts';

describe('payout onboarding rules', () => {
  it('18 on the birthday is an adult, the day before a minor; no date is unknown', () => {
    expect(onboardingFlow('2008-11-23', new Date(2026, 10, 23))).toEqual({ age: 18, flow: 'adult' });
    expect(onboardingFlow('2008-11-23', new Date(2026, 10, 22))).toEqual({ age: 17, flow: 'minor' });
    expect(onboardingFlow(null).flow).toBe('unknown');
    expect(onboardingFlow('not a date').flow).toBe('unknown');
  });

  it('the badge reads Not connected, Action required, Ready', () => {
    expect(payoutBadge({ connected: false, charges_enabled: false, payouts_enabled: false })).toBe('not_connected');
    expect(payoutBadge({ connected: true, charges_enabled: true, payouts_enabled: false })).toBe('action_required');
    expect(payoutBadge({ connected: true, charges_enabled: true, payouts_enabled: true })).toBe('ready');
  });

  it('a guardian email must be non-empty and contain @', () => {
    expect(guardianEmailSchema.safeParse('').error?.issues[0]?.message).toBe(PAYOUT_MESSAGES.guardianEmailInvalid);
    expect(guardianEmailSchema.safeParse('parent').success).toBe(false);
    expect(guardianEmailSchema.safeParse('parent@example.com').success).toBe(true);
  });

  it('error texts follow the spec’s rules', () => {
    // By code, never by the text: a message that merely mentions a date of birth is shown as it is.
    expect(onboardingErrorText({ message: 'x', appCode: 'DOB_REQUIRED' }, 'f')).toBe(PAYOUT_MESSAGES.dobFirst);
    expect(onboardingErrorText({ message: 'missing date_of_birth' }, 'f')).toBe('missing date_of_birth');
    expect(onboardingErrorText({ message: 'x', appCode: 'UNAUTHENTICATED' }, 'f')).toBe(PAYOUT_MESSAGES.signInAgain);
    expect(onboardingErrorText({ message: 'Signed out', code: 'UNAUTHORIZED' }, 'f')).toBe(PAYOUT_MESSAGES.signInAgain);
    expect(onboardingErrorText({ message: 'Stripe is down' }, 'f')).toBe('Stripe is down');
    expect(onboardingErrorText(null, PAYOUT_MESSAGES.startFailed)).toBe(PAYOUT_MESSAGES.startFailed);
    expect(needsGuardianScreen('MINOR_GUARDIAN_REQUIRED')).toBe(true);
    expect(needsGuardianScreen('DOB_REQUIRED')).toBe(true);
    expect(needsGuardianScreen(null)).toBe(false);
  });
});

describe('test mode onboarding form', () => {
  const filled = {
    accountId: 'acct_test_1',
    legalName: 'Ada Lovelace',
    routingNumber: '110000000',
    accountNumber: '000123456789',
    acceptTerms: true,
  };
  const firstMessage = (value: unknown) => {
    const result = testOnboardingSchema.safeParse(value);
    return result.success ? null : result.error.issues[0]!.message;
  };

  it('accepts Stripe’s test bank numbers, trimmed', () => {
    expect(
      testOnboardingSchema.parse({ ...filled, legalName: '  Ada Lovelace ', routingNumber: ' 110000000 ' }),
    ).toEqual(filled);
  });

  it('names the first problem in the form’s order, as the page shows one at a time', () => {
    expect(firstMessage({ ...filled, legalName: '', acceptTerms: false })).toBe(
      'Enter the account holder’s full legal name',
    );
    expect(firstMessage({ ...filled, acceptTerms: false })).toBe('Accept the connected account agreement to continue');
    expect(firstMessage({ ...filled, routingNumber: '11000000' })).toBe(
      'Routing numbers have 9 digits (test: 110000000)',
    );
    expect(firstMessage({ ...filled, accountNumber: '123' })).toBe('Account numbers have 4 to 17 digits');
  });

  it('bounds the legal name and the account id', () => {
    expect(testOnboardingSchema.safeParse({ ...filled, legalName: 'A'.repeat(101) }).success).toBe(false);
    expect(testOnboardingSchema.safeParse({ ...filled, accountId: 'a'.repeat(65) }).success).toBe(false);
  });
});
