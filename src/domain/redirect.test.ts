import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirectPath, signInPathFor } from './redirect';

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
