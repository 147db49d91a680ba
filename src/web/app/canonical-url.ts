/**
 * The page's address on the public site. Its path is set on that address, never resolved against it: a raw path
 * such as '/x/..//evil.example' collapses to '//evil.example', which resolved would name another site.
 */
export function canonicalUrl(url: URL, publicUrl: string): string {
  const canonical = new URL(publicUrl);
  canonical.pathname = url.pathname;
  canonical.search = url.search;
  return canonical.href;
}
