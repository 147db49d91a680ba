import { describe, expect, it } from 'vitest';
import { deleteUserSchema, mayBeAdmin, setAdminRoleSchema, unsuspendUserSchema } from './admin-users';

describe('who may be an admin', () => {
  const today = new Date(2026, 5, 15);
  it('an adult, from their 18th birthday', () => {
    expect(mayBeAdmin('2008-06-15', today)).toBe(true);
    expect(mayBeAdmin('1990-01-01', today)).toBe(true);
  });
  it('never a minor, nor someone without a date of birth', () => {
    expect(mayBeAdmin('2008-06-16', today)).toBe(false);
    expect(mayBeAdmin('2013-01-01', today)).toBe(false);
    expect(mayBeAdmin(null, today)).toBe(false);
  });
});

describe('every action on an account says why', () => {
  it.each([
    ['delete', deleteUserSchema, { userId: 'u' }],
    ['setAdmin', setAdminRoleSchema, { userId: 'u', admin: true }],
    ['unsuspend', unsuspendUserSchema, { userId: 'u' }],
  ] as const)('%s refuses a missing or blank reason', (_name, schema, input) => {
    expect(schema.safeParse(input).success).toBe(false);
    const blank = schema.safeParse({ ...input, reason: '   ' });
    expect(blank.error?.issues[0]?.message).toBe('Please give a reason');
    expect(schema.safeParse({ ...input, reason: ' Spam ' }).data).toMatchObject({ reason: 'Spam' });
  });
});
