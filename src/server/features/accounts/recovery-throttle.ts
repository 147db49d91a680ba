import { RateLimiterMemory } from 'rate-limiter-flexible';
import { RECOVERY_LIMITS } from '../../../domain/account-recovery';
import { addressKey, take, type Throttled } from './sign-in-throttle';

export interface RecoveryThrottle {
  /** The hard cap on reset requests per client address, whatever email they name; null when it may go. */
  resetRequestFrom(address: string): Promise<Throttled | null>;
  /** Whether one more reset email may go to this account now (false: answer the same, send nothing). */
  mayMailReset(userId: string): Promise<boolean>;
  /** A signed-in member asking for a new verification link. */
  verificationMailFor(userId: string): Promise<Throttled | null>;
  /** A signed-in member asking to change their address (each sends a link to the address typed). */
  emailChangeFor(userId: string): Promise<Throttled | null>;
}

/**
 * In memory, like the sign-in throttle (docs/decisions/002-sign-in-limits.md): each server counts what it serves.
 * Keys are user ids or address keys, expiring with their window.
 */
export function createRecoveryThrottle(limits = RECOVERY_LIMITS): RecoveryThrottle {
  const limiter = (keyPrefix: string, points: number) =>
    new RateLimiterMemory({ keyPrefix, points, duration: limits.windowSeconds });
  const resetsByAddress = limiter('reset-address', limits.resetRequestsPerAddress);
  const resetMailsByAccount = limiter('reset-account', limits.resetMailsPerAccount);
  const verificationsByAccount = limiter('verification-account', limits.verificationMailsPerAccount);
  const emailChangesByAccount = limiter('email-change-account', limits.emailChangesPerAccount);
  return {
    resetRequestFrom: (address) => take(resetsByAddress, addressKey(address)),
    mayMailReset: async (userId) => (await take(resetMailsByAccount, userId)) === null,
    verificationMailFor: (userId) => take(verificationsByAccount, userId),
    emailChangeFor: (userId) => take(emailChangesByAccount, userId),
  };
}

const throttles = new WeakMap<object, RecoveryThrottle>();

/** The one recovery throttle of an app, keyed by its database, as signInThrottleFor. */
export function recoveryThrottleFor(db: object): RecoveryThrottle {
  let throttle = throttles.get(db);
  if (!throttle) throttles.set(db, (throttle = createRecoveryThrottle()));
  return throttle;
}
