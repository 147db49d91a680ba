import { and, eq, isNull, sql } from 'drizzle-orm';
import { guardianEmailSchema, onboardingFlow } from '../../../domain/payouts';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/auth';
import { profiles } from '../../db/schema/profiles';
import { AppError } from '../../errors';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import type { PaymentProvider } from '../../payments/payment-provider';

export interface OnboardingDeps {
  db: Db;
  events: DomainEvents;
  config: Pick<Config, 'PUBLIC_URL'>;
  payments: PaymentProvider;
  now?: () => Date;
}

/** Where onboarding sends the user back: the setup page tells the opener and closes; an expired link resumes. */
export function onboardingLinks(config: OnboardingDeps['config']) {
  return {
    returnUrl: new URL('/payouts-setup?stripe=return', config.PUBLIC_URL).toString(),
    refreshUrl: new URL('/payouts-setup?mode=resume', config.PUBLIC_URL).toString(),
  };
}

/**
 * connect-create-account. The server decides who may onboard, whatever the page sent: no date of birth, no account;
 * under 18 only with a parent or guardian's email, and the account is theirs. An existing account is continued.
 */
export async function createPayoutAccount(
  deps: OnboardingDeps,
  actor: { id: string },
  input: { guardianEmail?: string | null },
): Promise<{ url: string }> {
  const today = deps.now?.() ?? new Date();
  const [profile] = await deps.db
    .select({ profile: profiles, email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, actor.id));
  if (!profile) throw new AppError('PAYOUT_NOT_SIGNED_IN');
  const { flow } = onboardingFlow(profile.profile.dateOfBirth, today);
  if (flow === 'unknown') throw new AppError('DOB_REQUIRED');
  await lockDateOfBirth(deps.db, actor.id, profile.profile.dateOfBirth!);
  let guardianEmail: string | null = null;
  if (flow === 'minor') {
    if (!input.guardianEmail?.trim()) {
      throw new AppError('MINOR_GUARDIAN_REQUIRED');
    }
    const parsed = guardianEmailSchema.safeParse(input.guardianEmail);
    if (!parsed.success) throw new AppError('GUARDIAN_EMAIL_INVALID');
    guardianEmail = parsed.data.toLowerCase();
  }
  let accountId = profile.profile.stripeAccountId;
  if (!accountId) {
    const created = await deps.payments.createConnectedAccount({
      userId: actor.id,
      email: profile.email,
      guardianEmail,
    });
    // Two starts at once: the first account stored wins, and both continue with it.
    const stored = await inTransaction(deps, async (tx, emit) => {
      const [row] = await tx
        .update(profiles)
        .set({
          stripeAccountId: created,
          guardianEmail,
          chargesEnabled: false,
          payoutsEnabled: false,
          updatedAt: new Date(),
        })
        .where(and(eq(profiles.id, actor.id), isNull(profiles.stripeAccountId)))
        .returning({ accountId: profiles.stripeAccountId });
      // The profile's payouts card, open in another tab, moves to Action required at once.
      if (row) emit({ type: 'profile.updated', userId: actor.id });
      return row;
    });
    accountId = stored?.accountId ?? (await currentAccount(deps.db, actor.id));
  }
  return { url: await deps.payments.createAccountLink({ accountId: accountId!, ...onboardingLinks(deps.config) }) };
}

/**
 * The date of birth has now decided the adult or minor flow (onboarding or the guardian screen): from here on it
 * cannot be moved across 18 by the user. Only the date the decision was made on is locked; if it changed meanwhile,
 * the user starts again with the new one.
 */
async function lockDateOfBirth(db: Db, userId: string, decidedOn: string) {
  const [locked] = await db
    .update(profiles)
    .set({ dateOfBirthLockedAt: sql`coalesce(${profiles.dateOfBirthLockedAt}, now())` })
    .where(and(eq(profiles.id, userId), eq(profiles.dateOfBirth, decidedOn)))
    .returning({ id: profiles.id });
  if (!locked) throw new AppError('CONFLICT');
}

export async function currentAccount(db: Db, userId: string) {
  const [row] = await db.select({ id: profiles.stripeAccountId }).from(profiles).where(eq(profiles.id, userId));
  return row?.id ?? null;
}
