import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSitePath, safeRedirectPath, signInPathFor } from './redirect';

describe('redirect after login', () => {
  it.each([
    ['/my-profile', '/my-profile'],
    ['/requests?highlight=1#x', '/requests?highlight=1#x'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/\t/evil.example', '/'],
    ['/..//evil.example', '/'],
    ['/.//evil.example', '/'],
    ['/a/..//evil.example/x', '/'],
    ['/%2e%2e//evil.example', '/'],
    ['/a/../b', '/b'],
  ])('%j -> %j', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it('never leaves the site, whatever the input, dot segments included', () => {
    const segment = fc.constantFrom('..', '.', '%2e%2e', '%2E', '', 'a', 'evil.example', '\\');
    const dotted = fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`);
    fc.assert(
      fc.property(fc.oneof(fc.string(), dotted), (value) => {
        const result = safeRedirectPath(value);
        // The browser and the router read the path as an address of its own: '//host' is another site.
        expect(result.startsWith('//') || result.startsWith('/\\')).toBe(false);
        expect(new URL(result, 'http://same.site').origin).toBe('http://same.site');
      }),
    );
  });

  it('builds the sign-in link that returns to a page', () => {
    expect(signInPathFor('/chat/abc?x=1')).toBe('/auth?mode=login&redirect=%2Fchat%2Fabc%3Fx%3D1');
  });
});

describe('isSitePath', () => {
  it('accepts the paths emails and pushes link to', () => {
    for (const path of [
      '/',
      '/notifications',
      '/chat/7d2b1c1e-3f0a-4a8e-9a51-2f7e6f1d2c3b',
      '/unsubscribe?t=abc&s=x-y_z',
    ])
      expect(isSitePath(path), path).toBe(true);
  });

  it('refuses anything a browser could read as another site, or that is not already plain', () => {
    for (const url of [
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/a\\b',
      '/..//evil.example',
      'notifications',
    ])
      expect(isSitePath(url), url).toBe(false);
  });
});
