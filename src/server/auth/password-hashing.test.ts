import { verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { passwordHashing } from './password-hashing';

describe('password hashing', () => {
  it.each(['production', 'development'] as const)(
    'a %s server stores what better-auth’s full-cost scrypt verifies',
    async (NODE_ENV) => {
      const hash = await passwordHashing({ NODE_ENV }).hash('Strong-pass-1!');
      expect(await verifyPassword({ hash, password: 'Strong-pass-1!' })).toBe(true);
    },
  );

  it('the test suites’ cheap hash is not that scheme, so it can never pass for a real one', async () => {
    const hash = await passwordHashing({ NODE_ENV: 'test' }).hash('Strong-pass-1!');
    expect(await verifyPassword({ hash, password: 'Strong-pass-1!' })).toBe(false);
  });

  it('under test, the right password matches and a wrong or malformed one does not', async () => {
    const hashing = passwordHashing({ NODE_ENV: 'test' });
    const hash = await hashing.hash('Strong-pass-1!');
    expect(await hashing.verify({ hash, password: 'Strong-pass-1!' })).toBe(true);
    expect(await hashing.verify({ hash, password: 'Strong-pass-2!' })).toBe(false);
    expect(await hashing.verify({ hash: 'no-colon', password: 'Strong-pass-1!' })).toBe(false);
  });
});
