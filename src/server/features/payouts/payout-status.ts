import { eq } from 'drizzle-orm';
import { isPayoutReady, type PayoutStatus } from '../../../domain/payouts';
import { profiles } from '../../db/schema/profiles';
import { inTransaction } from '../../events/in-transaction';
import { releaseHeldTransfers, type SettlementDeps } from '../settlement/transfers';

export type ProfileRow = typeof profiles.$inferSelect;

export const toPayoutStatus = (p: ProfileRow): PayoutStatus => ({
  connected: p.stripeAccountId !== null,
  charges_enabled: p.chargesEnabled,
  payouts_enabled: p.payoutsEnabled,
  details_submitted: p.payoutDetailsSubmitted,
  account_id: p.stripeAccountId,
});

/**
 * connect-account-status. Webhooks keep the profile current; while an account is not Ready the provider is asked as
 * well, so a lost or late webhook never leaves someone stuck at Action required.
 */
export async function payoutStatus(
  deps: SettlementDeps,
  actor: { id: string },
  _input: Record<string, never> = {},
): Promise<PayoutStatus> {
  const userId = actor.id;
  const [profile] = await deps.db.select().from(profiles).where(eq(profiles.id, userId));
  if (!profile)
    return {
      connected: false,
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      account_id: null,
    };
  if (!profile.stripeAccountId || isPayoutReady(profile)) return toPayoutStatus(profile);
  let live;
  try {
    live = await deps.payments.retrieveAccount(profile.stripeAccountId);
  } catch {
    // The provider is unreachable or no longer knows the account: what the webhooks last said stands.
    return toPayoutStatus(profile);
  }
  const changed =
    live.chargesEnabled !== profile.chargesEnabled ||
    live.payoutsEnabled !== profile.payoutsEnabled ||
    live.detailsSubmitted !== profile.payoutDetailsSubmitted;
  if (!changed) return toPayoutStatus(profile);
  const updated = await inTransaction(deps, async (tx, emit) => {
    const [row] = await tx
      .update(profiles)
      .set({
        chargesEnabled: live.chargesEnabled,
        payoutsEnabled: live.payoutsEnabled,
        payoutDetailsSubmitted: live.detailsSubmitted,
        updatedAt: new Date(),
      })
      .where(eq(profiles.id, userId))
      .returning();
    // Only reached while the account was not Ready (above), so Ready now means it just became so.
    if (isPayoutReady(live)) emit({ type: 'payout-account.ready', userId });
    return row;
  });
  if (isPayoutReady(live)) await releaseHeldTransfers(deps, userId);
  return toPayoutStatus(updated!);
}
