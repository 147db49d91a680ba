import { describe, expect, it } from 'vitest';
import { displayName, initials, profilePath } from './user-summary';

describe('public user summary', () => {
  it.each([
    [{ firstName: 'Ada', lastName: 'Lovelace' }, 'Ada Lovelace', 'AL'],
    [{ firstName: 'Ada', lastName: null }, 'Ada', 'AD'],
    [{ firstName: '', lastName: 'Lovelace' }, 'Lovelace', 'LO'],
    [{ firstName: null, lastName: null }, 'Unknown User', 'UN'],
    [{ firstName: '  ', lastName: undefined }, 'Unknown User', 'UN'],
    [{ firstName: 'mary ann', lastName: 'smith' }, 'mary ann smith', 'MA'],
  ])('%j is shown as %j with initials %j', (name, shown, letters) => {
    expect(displayName(name)).toBe(shown);
    expect(initials(name)).toBe(letters);
  });

  it('links to a profile unless the id is empty, "undefined" or "null"', () => {
    expect(profilePath('abc')).toBe('/profile/abc');
    for (const id of ['', ' ', 'undefined', 'null', null, undefined]) expect(profilePath(id)).toBeNull();
  });
});
