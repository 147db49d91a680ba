import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containsNulCharacter } from './text';

describe('containsNulCharacter', () => {
  it('finds U+0000 in any string, key or nested value', () => {
    expect(containsNulCharacter('a\u0000b')).toBe(true);
    expect(containsNulCharacter({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(containsNulCharacter({ 'k\u0000': 1 })).toBe(true);
    expect(containsNulCharacter({ a: ['fine', 1, null, true] })).toBe(false);
  });

  it('agrees with a plain search of the JSON for any value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(containsNulCharacter(value)).toBe(JSON.stringify(value).includes('\\u0000'));
      }),
    );
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(containsNulCharacter(deep)).toBe(true);
  });
});
