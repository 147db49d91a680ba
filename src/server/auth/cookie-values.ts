/**
 * The values of the cookie named exactly `name` (better-auth's session cookie, prefix included): the cache must be
 * keyed by the very cookie better-auth verifies, never by a look-alike an attacker could plant beside it.
 */
export function cookieValues(cookie: string | null | undefined, name: string): string[] {
  if (!cookie) return [];
  const values: string[] = [];
  for (const part of cookie.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) values.push(part.slice(at + 1).trim());
  }
  return values;
}
