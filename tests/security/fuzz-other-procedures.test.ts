/** Fuzzing (fuzz.ts) of every procedure the other fuzz-*.test.ts files leave, and the README's skipped list. */
import { describe, expect, it } from 'vitest';
import { describeFuzzing, inNoGroup, SKIPPED } from './fuzz';
import { procedureInventory } from './helpers';

describeFuzzing('other', inNoGroup);

describe('the fuzzing covers every procedure', () => {
  it('every skipped procedure still exists (the README list stays true)', () => {
    const all = new Set(procedureInventory().map((p) => p.path));
    expect([...SKIPPED].filter((name) => !all.has(name))).toEqual([]);
  });
});
