import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseCookies } from 'better-auth/cookies';
import { AUTH_LIMITS } from '../../../domain/account-settings';

/**
 * OWASP's "device cookies": a browser that signed in to an account before keeps signing in to it while that account
 * is locked for unknown browsers, so an attacker guessing (or locking on purpose) cannot keep the owner out.
 * The value is `<device id>.<issued at>.<HMAC of both and the account's email>`: it names the account without
 * showing it, and only the server (the session secret) can make one. One cookie per browser, for the account that
 * last signed in there.
 */
export interface DeviceCookies {
  /** The device id, when the request's cookie is a valid, unexpired one for this email; otherwise null. */
  read(cookieHeader: string | undefined, email: string): string | null;
  /** The Set-Cookie header naming this email's account, for a browser that just proved the password. */
  issue(email: string): string;
}

export function createDeviceCookies(secret: string, secure: boolean, maxAgeSeconds = AUTH_LIMITS.deviceCookieSeconds) {
  // __Host- keeps a sibling subdomain from planting one; browsers accept that prefix only on https.
  const name = secure ? '__Host-skillnest.device' : 'skillnest.device';
  const mac = (device: string, issuedAt: string, email: string) =>
    createHmac('sha256', secret)
      .update(`device-cookie\n${device}\n${issuedAt}\n${email.trim().toLowerCase()}`)
      .digest('base64url');

  return {
    read(cookieHeader, email) {
      const value = cookieHeader ? parseCookies(cookieHeader).get(name) : undefined;
      const [device, issuedAt, signature, extra] = value?.split('.') ?? [];
      if (!device || !issuedAt || !signature || extra !== undefined || !/^\d{1,12}$/.test(issuedAt)) return null;
      if (Date.now() / 1000 - Number(issuedAt) > maxAgeSeconds) return null;
      const expected = Buffer.from(mac(device, issuedAt, email));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? device : null;
    },
    issue(email) {
      const device = randomBytes(16).toString('base64url');
      const issuedAt = String(Math.floor(Date.now() / 1000));
      const attributes = [`Max-Age=${maxAgeSeconds}`, 'Path=/', 'HttpOnly', 'SameSite=Strict'];
      if (secure) attributes.push('Secure');
      return [`${name}=${device}.${issuedAt}.${mac(device, issuedAt, email)}`, ...attributes].join('; ');
    },
  } satisfies DeviceCookies;
}
