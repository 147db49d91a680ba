import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { Config } from '../config';

export type PasswordHashing = {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
};

/** better-auth's own: scrypt with N = 16384, r = 16 (about 100 ms of a core per hash, on purpose). */
const productionHashing: PasswordHashing = { hash: hashPassword, verify: verifyPassword };

/**
 * The same scheme (scrypt, "salt:key" in hex) at a cost of 1/256: the test suites sign up and in about 800 times per
 * database, and the full cost was a third of the integration run on PostgreSQL. As Devise and Django do in their
 * test settings. The production bundle does not contain it (tests/security/test-route.test.ts).
 */
const TEST_COST = { N: 256, r: 4, p: 1 };
const KEY_LENGTH = 64;

function testKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, TEST_COST, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

const testHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await testKey(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await testKey(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};

/** Defined by scripts/build-server.mjs: false in the production bundle, true in the e2e one; absent from source. */
declare const SKILLNEST_TEST_ROUTES: boolean | undefined;

/** null in the production bundle: esbuild folds the condition and drops the cheap hasher with it. */
const cheapHashing: PasswordHashing | null =
  typeof SKILLNEST_TEST_ROUTES === 'undefined' || SKILLNEST_TEST_ROUTES ? testHashing : null;

/** The hasher for accounts' passwords: the cheap one only when the server runs its own tests (NODE_ENV=test). */
export function passwordHashing(config: Pick<Config, 'NODE_ENV'>): PasswordHashing {
  return config.NODE_ENV === 'test' && cheapHashing ? cheapHashing : productionHashing;
}
