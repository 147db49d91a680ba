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
  ])('%j -> %j', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it('never leaves the site, whatever the input', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const target = new URL(safeRedirectPath(value), 'http://same.site');
        expect(target.origin).toBe('http://same.site');
      }),
    );
  });

  it('builds the sign-in link that returns to a page', () => {
    expect(signInPathFor('/chat/abc?x=1')).toBe('/auth?mode=login&redirect=%2Fchat%2Fabc%3Fx%3D1');
  });
});
