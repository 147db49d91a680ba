import { describe, expect, it } from 'vitest';
import { canonicalUrl } from './canonical-url';

describe("a rendered page's canonical address", () => {
  it('is the page on the public site, with its search', () => {
    expect(canonicalUrl(new URL('http://localhost/services/abc?x=1'), 'https://skillnest.example')).toBe(
      'https://skillnest.example/services/abc?x=1',
    );
  });

  it.each(['//evil.example/path', '//evil.example', '/\\evil.example'])(
    'stays on the public site for a raw path that collapsed to %j',
    (path) => {
      const url = new URL('http://localhost/');
      url.pathname = path;
      expect(new URL(canonicalUrl(url, 'https://skillnest.example')).host).toBe('skillnest.example');
    },
  );
});
