import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A link that works without signing in (unsubscribe) carries a signature of its path and parameters, made with a key
 * derived from SESSION_SECRET: nobody can make one for another member or another kind. The parameter is `s`.
 */
const PURPOSE = 'mail-links';

function keyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update(PURPOSE).digest();
}

/** The path and its parameters but `s`, sorted: the same link however its parameters are ordered. */
function canonical(url: URL): string {
  const params = [...url.searchParams]
    .filter(([name]) => name !== 's')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${url.pathname}?${new URLSearchParams(params).toString()}`;
}

function signatureOf(url: URL, secret: string): string {
  return createHmac('sha256', keyOf(secret)).update(canonical(url)).digest('base64url').slice(0, 32);
}

/** `/unsubscribe?k=message&u=abc` → the same with `&s=<signature>`. */
export function signLink(pathOnSite: string, secret: string): string {
  const url = new URL(pathOnSite, 'http://site.invalid');
  url.searchParams.set('s', signatureOf(url, secret));
  return `${url.pathname}${url.search}`;
}

/** Whether the path's parameters carry a signature this server made for them. */
export function signedLinkValid(pathname: string, params: Record<string, string>, secret: string): boolean {
  const url = new URL(pathname, 'http://site.invalid');
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const given = Buffer.from(params.s ?? '');
  const expected = Buffer.from(signatureOf(url, secret));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
