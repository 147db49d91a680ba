import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AUTH_LIMITS } from '../../../domain/account-settings';

/** A refusal: how long until another attempt may succeed. */
export type Throttled = { retryAfterSeconds: number };

/** Whose password is checked: the typed (or signed-in) email, and the device id of a valid device cookie for it. */
export type PasswordCheck = { email: string; device: string | null };

export type PasswordOutcome = 'succeeded' | 'wrong-password' | 'not-checked';

export interface SignInThrottle {
  /** Counts one sign-in against the address, then checks the password check may go ahead; null when it may. */
  beginSignIn(address: string, check: PasswordCheck): Promise<Throttled | null>;
  /**
   * Every check of an account's password (sign-in, changing it, two-factor, deleting the account) takes a point
   * from the account, or from the device when the browser holds that account's device cookie; null when it may go.
   */
  beginPasswordCheck(check: PasswordCheck): Promise<Throttled | null>;
  /** A wrong password keeps its point; a right one (or one never checked) gives it back and clears nothing else. */
  endPasswordCheck(check: PasswordCheck, outcome: PasswordOutcome): Promise<void>;
  beginSignUp(address: string): Promise<Throttled | null>;
  /**
   * A two-factor code or backup code after a right password, counted per address as generously as sign-ins
   * (better-auth's own 3 per 10 seconds would lock out a class whose accounts use two-factor).
   */
  beginSecondFactor(address: string): Promise<Throttled | null>;
}

/**
 * Per-address, per-account and per-device limits with rate-limiter-flexible (docs/decisions/002-sign-in-limits.md).
 * Its window starts at a key's first attempt and always ends on time, unlike better-auth's memory limiter, whose
 * count only reset after a full quiet window (a class signing in at a steady pace never got it back). In memory:
 * limits hold per server process; with several servers on one PostgreSQL each counts its own attempts. Keys are
 * fixed-size and expire with their window, so the memory held is bounded by the attempts the per-address limits
 * let through in one window.
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
  const secondFactorsByAddress = new RateLimiterMemory({
    keyPrefix: 'second-factor-address',
    points: limits.signInsPerAddress,
    duration: limits.signInWindowSeconds,
  });
  // Each check takes a point before the password is checked, so parallel guesses cannot all slip past the count.
  const failuresByAccount = new RateLimiterMemory({
    keyPrefix: 'password-account',
    points: limits.accountFailures,
    duration: limits.accountWindowSeconds,
  });
  // A known browser's own count: the account's lock does not apply to it, and its failures do not lock the account.
  const failuresByDevice = new RateLimiterMemory({
    keyPrefix: 'password-device',
    points: limits.deviceFailures,
    duration: limits.accountWindowSeconds,
  });
  const counter = ({ email, device }: PasswordCheck) =>
    device === null
      ? { limiter: failuresByAccount, key: accountKey(email) }
      : { limiter: failuresByDevice, key: `${accountKey(email)}:${device}` };

  const beginPasswordCheck = ({ email, device }: PasswordCheck) => {
    const { limiter, key } = counter({ email, device });
    return take(limiter, key);
  };
  return {
    async beginSignIn(address, check) {
      const byAddress = await take(signInsByAddress, addressKey(address));
      if (byAddress) return byAddress;
      return beginPasswordCheck(check);
    },
    beginPasswordCheck,
    async endPasswordCheck(check, outcome) {
      // A right password must neither count nor wipe the failures: the owner signing in from a known browser
      // would otherwise hand an attacker a fresh set of guesses.
      if (outcome === 'wrong-password') return;
      const { limiter, key } = counter(check);
      await limiter.reward(key);
    },
    beginSignUp: (address) => take(signUpsByAddress, addressKey(address)),
    beginSecondFactor: (address) => take(secondFactorsByAddress, addressKey(address)),
  };
}

const throttles = new WeakMap<object, SignInThrottle>();

/**
 * The one throttle of an app, keyed by its database: the HTTP bridge (better-auth's routes) and tRPC procedures
 * that check a password must share one count per account.
 */
export function signInThrottleFor(db: object): SignInThrottle {
  let throttle = throttles.get(db);
  if (!throttle) throttles.set(db, (throttle = createSignInThrottle()));
  return throttle;
}

export async function take(limiter: RateLimiterMemory, key: string): Promise<Throttled | null> {
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
