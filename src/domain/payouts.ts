import { z } from 'zod';
import { AUTH_MESSAGES, EMAIL_MAX, isPastCalendarDate } from './auth';
import { ADULT_AGE_YEARS, ageInYears } from './profile';

/** Payout onboarding rules and texts (spec 1 sections 2, 4, 5, 8, 9). */
export const ADULT_AGE = ADULT_AGE_YEARS;
export const PAYOUT_POLL_SETUP_MS = 5000;
export const PAYOUT_POLL_PROFILE_MS = 3000;
export const RETURN_CLOSE_DELAY_MS = 400;
export const ONBOARDING_POPUP = { width: 960, height: 880 } as const;

export const PAYOUT_MESSAGES = {
  notAuthenticated: 'Not authenticated',
  missingUrl: 'Missing onboarding URL',
  dobFirst: 'Please add your date of birth first.',
  dobRequired: 'Please enter your date of birth',
  dobSaved: 'Date of birth saved',
  dobSaveFailed: 'Failed to save date of birth',
  guardianEmailInvalid: 'Please enter a valid parent/guardian email',
  continueWithGuardian: 'Continue with a parent/guardian to finish payouts.',
  signInAgain: 'Please sign in and try again.',
  startFailed: 'Could not start onboarding',
  startMinorFailed: 'Could not start onboarding for minors',
  resumeFailed: 'Could not resume onboarding',
  statusFailed: 'Failed to fetch payout status.',
  preparing: 'Preparing payouts setup…',
  reopening: 'Reopening onboarding…',
  redirecting: 'Redirecting to the payout provider…',
  almostReady: "You're almost ready",
  connected: 'Your payout account is connected! You can now receive payouts.',
  guardianRequired: 'A parent or guardian must set up payouts for users under 18.',
} as const;

/** What the start of onboarding accepts: empty for adults (the minor flow then asks for it), bounded for all. */
export const guardianEmailInputSchema = z
  .string()
  .max(EMAIL_MAX, { error: PAYOUT_MESSAGES.guardianEmailInvalid })
  .nullish();

/** Error codes (`error.data.appCode`) of a refused onboarding; the setup page switches screens on them. */
export type PayoutRefusal = 'DOB_REQUIRED' | 'MINOR_GUARDIAN_REQUIRED';

export const guardianEmailSchema = z
  .string()
  .trim()
  .min(1, { error: PAYOUT_MESSAGES.guardianEmailInvalid })
  .max(EMAIL_MAX, { error: PAYOUT_MESSAGES.guardianEmailInvalid })
  .refine((v) => v.includes('@'), { error: PAYOUT_MESSAGES.guardianEmailInvalid });

export interface PayoutStatus {
  connected: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  account_id: string | null;
}

export type PayoutBadge = 'not_connected' | 'action_required' | 'ready';
export const PAYOUT_BADGE_TEXT: Record<PayoutBadge, string> = {
  not_connected: 'Not connected',
  action_required: 'Action required',
  ready: 'Ready',
};

/** Ready = the account can both take charges and receive payouts (spec 1 section 4). */
export function isPayoutReady(account: { chargesEnabled: boolean; payoutsEnabled: boolean }): boolean {
  return account.chargesEnabled && account.payoutsEnabled;
}

export function payoutBadge(status: Pick<PayoutStatus, 'connected' | 'charges_enabled' | 'payouts_enabled'>) {
  if (!status.connected) return 'not_connected' as const;
  const ready = isPayoutReady({ chargesEnabled: status.charges_enabled, payoutsEnabled: status.payouts_enabled });
  return ready ? ('ready' as const) : ('action_required' as const);
}

/** Which onboarding a user gets: adults their own, minors a guardian's, unknown age neither until a date is saved. */
export function onboardingFlow(dateOfBirth: string | null | undefined, today: Date = new Date()) {
  const age = ageInYears(dateOfBirth, today);
  if (age === null) return { age, flow: 'unknown' as const };
  return { age, flow: age < ADULT_AGE ? ('minor' as const) : ('adult' as const) };
}

/**
 * The screen message for a failed start or resume (spec 1 section 8): date-of-birth and authorization errors have
 * fixed texts, anything else shows the server's words or the default for the flow.
 */
export function onboardingErrorText(
  error: { message?: string; appCode?: string | null; code?: string | null } | null,
  fallback: string,
): string {
  if (error?.appCode === 'DOB_REQUIRED') return PAYOUT_MESSAGES.dobFirst;
  if (error?.appCode === 'UNAUTHENTICATED' || error?.code === 'UNAUTHORIZED') return PAYOUT_MESSAGES.signInAgain;
  return error?.message || fallback;
}

/** Whether a refusal (its `appCode`) sends the user to the guardian screen. */
export function needsGuardianScreen(appCode: string | null | undefined): boolean {
  return appCode === 'MINOR_GUARDIAN_REQUIRED' || appCode === 'DOB_REQUIRED';
}

/** Test mode's onboarding form, with Stripe's documented test bank numbers as the only valid ones. */
export const testOnboardingSchema = z.object({
  accountId: z.string().min(1).max(64),
  legalName: z.string().trim().min(2, { error: 'Enter the account holder’s full legal name' }).max(100),
  routingNumber: z
    .string()
    .trim()
    .regex(/^\d{9}$/, { error: 'Routing numbers have 9 digits (test: 110000000)' }),
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{4,17}$/, { error: 'Account numbers have 4 to 17 digits' }),
  acceptTerms: z.literal(true, { error: 'Accept the connected account agreement to continue' }),
});

/** The payouts page's date of birth: required, a real date in the past (spec 1 section 5). */
export const payoutDateOfBirthSchema = z
  .string()
  .trim()
  .min(1, { error: PAYOUT_MESSAGES.dobRequired })
  .refine(isPastCalendarDate, { error: AUTH_MESSAGES.dateOfBirthInvalid });
