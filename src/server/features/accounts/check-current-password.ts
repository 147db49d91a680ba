import { and, eq } from 'drizzle-orm';
import { tooManyAttemptsMessage } from '../../../domain/account-settings';
import { passwordHashing } from '../../auth/password-hashing';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { accounts } from '../../db/schema/auth';
import { AppError } from '../../errors';
import { signInThrottleFor } from './sign-in-throttle';

/**
 * Whether `password` is the account's, asked before what a session left open on a shared computer must not be enough
 * for (deleting the account, moving its email). Counted per account as sign-in counts: a stolen session must not
 * become a way to guess the password. Throws TOO_MANY_PASSWORD_ATTEMPTS when over the limit.
 */
export async function checkCurrentPassword(
  deps: { db: Db; config: Pick<Config, 'NODE_ENV'> },
  actor: { id: string; email: string },
  password: string,
): Promise<boolean> {
  const throttle = signInThrottleFor(deps.db);
  const check = { email: actor.email, device: null };
  const throttled = await throttle.beginPasswordCheck(check);
  if (throttled) {
    throw new AppError('TOO_MANY_PASSWORD_ATTEMPTS', tooManyAttemptsMessage(throttled.retryAfterSeconds));
  }
  const matches = await storedHashMatches(deps, actor.id, password).catch(async (error: unknown) => {
    await throttle.endPasswordCheck(check, 'not-checked');
    throw error;
  });
  await throttle.endPasswordCheck(check, matches ? 'succeeded' : 'wrong-password');
  return matches;
}

/** Checked against the stored hash with the hasher better-auth was given (auth.ts). */
async function storedHashMatches(
  deps: { db: Db; config: Pick<Config, 'NODE_ENV'> },
  userId: string,
  password: string,
): Promise<boolean> {
  const [credential] = await deps.db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return credential?.hash ? passwordHashing(deps.config).verify({ hash: credential.hash, password }) : false;
}
