import { and, eq, isNull, sql } from 'drizzle-orm';
import { guardianEmailSchema, onboardingFlow, PAYOUT_MESSAGES } from '../../../domain/payouts';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/auth';
import { profiles } from '../../db/schema/profiles';
import { AppError } from '../../errors';
import type { PaymentProvider } from '../../payments/payment-provider';
import { channels } from '../../realtime/channels';
import type { EventBus } from '../../realtime/event-bus';

interface Deps {
  db: Db;
  bus: EventBus;
  config: Pick<Config, 'PUBLIC_URL'>;
  payments: PaymentProvider;
}

/** Where onboarding sends the user back: the setup page tells the opener and closes; an expired link resumes. */
function links(config: Deps['config']) {
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
  deps: Deps,
  actor: { id: string },
  input: { guardianEmail?: string | null },
  today: Date,
): Promise<{ url: string }> {
  const [profile] = await deps.db
    .select({ profile: profiles, email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, actor.id));
  if (!profile) throw new AppError('NOT_FOUND', PAYOUT_MESSAGES.notAuthenticated);
  const { flow } = onboardingFlow(profile.profile.dateOfBirth, today);
  if (flow === 'unknown') throw new AppError('BAD_INPUT', PAYOUT_MESSAGES.dobFirst, 'DOB_REQUIRED');
  await lockDateOfBirth(deps.db, actor.id, profile.profile.dateOfBirth!);
  let guardianEmail: string | null = null;
  if (flow === 'minor') {
    if (!input.guardianEmail?.trim()) {
      throw new AppError('BAD_INPUT', PAYOUT_MESSAGES.guardianRequired, 'MINOR_GUARDIAN_REQUIRED');
    }
    const parsed = guardianEmailSchema.safeParse(input.guardianEmail);
    if (!parsed.success) throw new AppError('BAD_INPUT', PAYOUT_MESSAGES.guardianEmailInvalid);
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
    const [stored] = await deps.db
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
    accountId = stored?.accountId ?? (await currentAccount(deps.db, actor.id));
    // The profile's payouts card, open in another tab, moves to Action required at once.
    deps.bus.publish(channels.profile(actor.id), { type: 'profile-updated' });
  }
  return { url: await deps.payments.createAccountLink({ accountId: accountId!, ...links(deps.config) }) };
}

/** connect-account-link: a fresh onboarding link for the user's existing account. */
export async function payoutAccountLink(deps: Deps, actor: { id: string }): Promise<{ url: string }> {
  const accountId = await currentAccount(deps.db, actor.id);
  if (!accountId) throw new AppError('CONFLICT', PAYOUT_MESSAGES.resumeFailed);
  return { url: await deps.payments.createAccountLink({ accountId, ...links(deps.config) }) };
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

async function currentAccount(db: Db, userId: string) {
  const [row] = await db.select({ id: profiles.stripeAccountId }).from(profiles).where(eq(profiles.id, userId));
  return row?.id ?? null;
}
