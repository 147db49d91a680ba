import { describe, expect, it } from 'vitest';
import { ageGroup, ageInYears, dateOfBirthChangeRefused, profileUpdateSchema } from './profile';

describe('profile update', () => {
  it('trims and stores empty optional fields as null', () => {
    expect(
      profileUpdateSchema.parse({ firstName: ' Ada ', lastName: 'L', bio: ' ', school: '', dateOfBirth: '' }),
    ).toEqual({ firstName: 'Ada', lastName: 'L', bio: null, school: null, dateOfBirth: null });
  });
  it('keeps the sign-up name rules and refuses an impossible date', () => {
    const result = profileUpdateSchema.safeParse({
      firstName: 'A',
      lastName: '',
      bio: '',
      school: '',
      dateOfBirth: '2001-02-30',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual([
      'First name must be at least 2 characters.',
      'Last name is required.',
      'Please enter a valid date of birth.',
    ]);
  });
});

describe('age', () => {
  const today = new Date(2026, 5, 15); // 15 June 2026
  it.each([
    ['2008-06-15', 18],
    ['2008-06-16', 17],
    ['2008-07-01', 17],
    ['2000-01-01', 26],
    ['', null],
    [null, null],
    ['2008-02-30', null],
  ])('born %s is %s', (dob, age) => {
    expect(ageInYears(dob, today)).toBe(age);
  });
});

describe('date of birth lock', () => {
  const today = new Date('2026-06-15T12:00:00Z');
  const minor = '2012-01-01';
  const adult = '2000-01-01';
  const locked = { dateOfBirth: minor, dateOfBirthLockedAt: new Date('2026-01-01'), stripeAccountId: null };

  it('groups ages as payouts decide them', () => {
    expect(ageGroup(minor, today)).toBe('minor');
    expect(ageGroup('2008-06-15', today)).toBe('adult');
    expect(ageGroup('2008-06-16', today)).toBe('minor');
    expect(ageGroup(null, today)).toBe('unknown');
  });
  it('refuses a change across 18, or a clearing, once locked', () => {
    expect(dateOfBirthChangeRefused(locked, adult, today)).toBe(true);
    expect(dateOfBirthChangeRefused(locked, null, today)).toBe(true);
  });
  it('allows a correction on the same side of 18, and any change before the lock', () => {
    expect(dateOfBirthChangeRefused(locked, '2012-02-01', today)).toBe(false);
    expect(dateOfBirthChangeRefused({ ...locked, dateOfBirthLockedAt: null }, adult, today)).toBe(false);
  });
  it('a payout account locks it too', () => {
    const withAccount = { dateOfBirth: adult, dateOfBirthLockedAt: null, stripeAccountId: 'acct_1' };
    expect(dateOfBirthChangeRefused(withAccount, minor, today)).toBe(true);
  });
  it('names over 50 characters are refused, as at sign-up', () => {
    const result = profileUpdateSchema.safeParse({
      firstName: 'A'.repeat(51),
      lastName: 'L',
      bio: '',
      school: '',
      dateOfBirth: '',
    });
    expect(result.error?.issues[0]?.message).toBe('Names must be at most 50 characters.');
  });
});
