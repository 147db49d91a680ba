import { verifyPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import {
  deleteConfirmationMatches,
  tooManyAttemptsMessage,
  type DeleteAccount,
} from '../../../domain/account-settings';
import type { Db } from '../../db/database';
import { accounts } from '../../db/schema/auth';
import { AppError } from '../../errors';
import type { BlobStore } from '../../files/blob-store';
import type { DomainEvents } from '../../events/domain-events';
import type { EventBus } from '../../realtime/event-bus';
import { removeAccount } from './remove-account';
import { signInThrottleFor } from './sign-in-throttle';

/**
 * Deletes the actor's account once they typed their email and their current password (a session left open on a
 * shared computer must not be enough); then removeAccount, the same removal an admin's delete does: their files,
 * data and sessions, every open tab signed out.
 */
export async function deleteAccount(
  deps: { db: Db; events: DomainEvents; files: BlobStore; bus: EventBus },
  actor: { id: string; email: string },
  input: DeleteAccount,
) {
  const { db } = deps;
  if (!deleteConfirmationMatches(input.confirmEmail, actor.email)) {
    throw new AppError('CONFIRM_EMAIL_MISMATCH');
  }
  // The same per-account count as sign-in: a stolen session must not become a way to guess the password.
  const throttle = signInThrottleFor(db);
  const check = { email: actor.email, device: null };
  const throttled = await throttle.beginPasswordCheck(check);
  if (throttled) {
    throw new AppError('TOO_MANY_PASSWORD_ATTEMPTS', tooManyAttemptsMessage(throttled.retryAfterSeconds));
  }
  const matches = await passwordMatches(db, actor.id, input.password).catch(async (error: unknown) => {
    await throttle.endPasswordCheck(check, 'not-checked');
    throw error;
  });
  await throttle.endPasswordCheck(check, matches ? 'succeeded' : 'wrong-password');
  if (!matches) throw new AppError('WRONG_PASSWORD');
  await removeAccount(deps, actor.id);
  return { ok: true };
}

/** Checked against the stored hash with better-auth's hasher (auth.ts keeps its default, scrypt). */
async function passwordMatches(db: Db, userId: string, password: string): Promise<boolean> {
  const [credential] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return credential?.hash ? verifyPassword({ hash: credential.hash, password }) : false;
}
