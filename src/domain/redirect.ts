/**
 * The path to return to after sign-in, from the `redirect` query value. Only same-site absolute paths are
 * accepted, so a crafted link can never send a user to another site (no open redirect).
 */
export function safeRedirectPath(value: string | null | undefined, fallback = '/'): string {
  if (!value) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Control characters and backslashes are how browsers get tricked into leaving the origin.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(value)) return fallback;
  try {
    const url = new URL(value, 'http://same.site');
    if (url.origin !== 'http://same.site') return fallback;
    // Dot segments collapse as the address is read: '/..//evil.example' becomes '//evil.example', another site.
    if (url.pathname.startsWith('//')) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** Where the auth screen sends a visitor to sign in and come back to `path`. */
export function signInPathFor(path: string): string {
  return `/auth?mode=login&redirect=${encodeURIComponent(path)}`;
}

/**
 * Whether `url` is already a path on this site exactly as safeRedirectPath would keep it: what an email link or a
 * push may open (the service worker, plain JavaScript, mirrors this check).
 */
export function isSitePath(url: string): boolean {
  return url !== '' && safeRedirectPath(url, '') === url;
}
