import { describe, expect, it } from 'vitest';
import { ageInYears, profileUpdateSchema } from './profile';

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
