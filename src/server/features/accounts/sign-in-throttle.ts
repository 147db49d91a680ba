import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AUTH_LIMITS } from '../../../domain/account-settings';

/** A refusal: how long until another attempt may succeed. */
export type Throttled = { retryAfterSeconds: number };

export interface SignInThrottle {
  /** Counts one sign-in attempt against the address and the account; null when it may go ahead. */
  beginSignIn(address: string, email: string): Promise<Throttled | null>;
  /** A wrong password keeps its count against the account; a right one clears the account's count. */
  endSignIn(email: string, outcome: 'succeeded' | 'wrong-password' | 'not-checked'): Promise<void>;
  beginSignUp(address: string): Promise<Throttled | null>;
}

/**
 * Per-address and per-account limits with rate-limiter-flexible. Its window starts at a key's first attempt and
 * always ends on time, unlike better-auth's memory limiter, whose count only reset after a full quiet window (a class
 * signing in at a steady pace never got it back). In memory: limits hold per server process; with several servers on
 * one PostgreSQL each counts its own attempts (RateLimiterPostgres would share them, at a query per attempt and a
 * table created outside our migrations). Keys are fixed-size and expire with their window, so the memory held is
 * bounded by the attempts the per-address limits let through in one window.
 */
export function createSignInThrottle(limits = AUTH_LIMITS): SignInThrottle {
  const signInsByAddress = new RateLimiterMemory({
    keyPrefix: 'sign-in-address',
    points: limits.signInsPerAddress,
    duration: limits.signInWindowSeconds,
  });
  const signUpsByAddress = new RateLimiterMemory({
    keyPrefix: 'sign-up-address',
    points: limits.signUpsPerAddress,
    duration: limits.signUpWindowSeconds,
  });
  // Each attempt takes a point before the password is checked, so parallel guesses cannot all slip past the count.
  const attemptsByAccount = new RateLimiterMemory({
    keyPrefix: 'sign-in-account',
    points: limits.accountFailures,
    duration: limits.accountWindowSeconds,
  });

  return {
    async beginSignIn(address, email) {
      const byAddress = await take(signInsByAddress, addressKey(address));
      if (byAddress) return byAddress;
      return take(attemptsByAccount, accountKey(email));
    },
    async endSignIn(email, outcome) {
      if (outcome === 'succeeded') await attemptsByAccount.delete(accountKey(email));
      else if (outcome === 'not-checked') await attemptsByAccount.reward(accountKey(email));
    },
    beginSignUp: (address) => take(signUpsByAddress, addressKey(address)),
  };
}

async function take(limiter: RateLimiterMemory, key: string): Promise<Throttled | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    return { retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
  }
}

/** The typed email, existing or not (so a refusal tells nothing), hashed to a fixed size. */
function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}

/** One IPv6 subscriber holds a whole /64, so that is one address here; IPv4-mapped addresses are their IPv4. */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  return expandIPv6(address).slice(0, 4).join(':');
}

function expandIPv6(address: string): string[] {
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const zeros = address.includes('::') ? Array(8 - left.length - right.length).fill('0') : [];
  return [...left, ...zeros, ...right].map((part) => part.toLowerCase().padStart(4, '0'));
}
