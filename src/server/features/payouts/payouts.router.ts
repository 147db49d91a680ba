import { z } from 'zod';
import { guardianEmailInputSchema, payoutDateOfBirthSchema, testOnboardingSchema } from '../../../domain/payouts';
import { beginPayoutSetup } from './begin-payout-setup';
import { saveDateOfBirth } from './save-date-of-birth';
import { authedProcedure, router } from '../../trpc';
import { payoutStatus } from './payout-status';
import { createAccountLink } from './create-account-link';
import { createPayoutAccount } from './start-onboarding';
import { submitTestOnboarding } from './submit-test-onboarding';
import { testOnboardingDetails } from './test-onboarding-details';

/** The spec's three payout server functions, plus test mode's onboarding form. */
export const payoutsRouter = router({
  /** connect-account-status */
  status: authedProcedure.query(({ ctx }) => payoutStatus(ctx, ctx.user)),
  /** The setup page's first call: the server decides (and locks) the adult or minor flow. */
  beginSetup: authedProcedure.mutation(({ ctx }) => beginPayoutSetup(ctx, ctx.user)),
  /** connect-create-account: guardian_email for minors only. */
  createAccount: authedProcedure
    .input(z.object({ guardian_email: guardianEmailInputSchema }))
    .mutation(({ ctx, input }) => createPayoutAccount(ctx, ctx.user, { guardianEmail: input.guardian_email })),
  /** connect-account-link */
  accountLink: authedProcedure.mutation(({ ctx }) => createAccountLink(ctx, ctx.user)),
  /** The setup page's date of birth, saved alone. */
  saveDateOfBirth: authedProcedure
    .input(z.object({ dateOfBirth: payoutDateOfBirthSchema }))
    .mutation(({ ctx, input }) => saveDateOfBirth(ctx, ctx.user, input)),
  testOnboarding: authedProcedure
    .input(z.object({ accountId: z.string().min(1).max(64) }))
    .query(({ ctx, input }) => testOnboardingDetails(ctx, ctx.user, input)),
  submitTestOnboarding: authedProcedure
    .input(testOnboardingSchema)
    .mutation(({ ctx, input }) => submitTestOnboarding(ctx, ctx.user, input)),
});
