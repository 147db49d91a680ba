import { verifyPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import {
  deleteConfirmationMatches,
  SETTINGS_MESSAGES,
  tooManyAttemptsMessage,
  type DeleteAccount,
} from '../../../domain/account-settings';
import type { Db } from '../../db/database';
import { accounts, sessions, users } from '../../db/schema/auth';
import { AppError } from '../../errors';
import type { BlobStore } from '../../files/blob-store';
import { catalogueChanged } from '../../realtime/channels';
import type { EventBus } from '../../realtime/event-bus';
import { sessionChannel, type SessionEvent } from './session-events';
import { signInThrottleFor } from './sign-in-throttle';

/**
 * Deletes the actor's account once they typed their email and their current password (a session left open on a
 * shared computer must not be enough): their files, then the user row, which cascades to sessions, profile, roles,
 * portfolio and presence. Rows other users own (their conversations) keep only the id, which then reads "Unknown
 * User". Every open tab of the account is signed out.
 */
export async function deleteAccount(
  deps: { db: Db; files: BlobStore; bus: EventBus },
  actor: { id: string; email: string },
  input: DeleteAccount,
) {
  const { db, files, bus } = deps;
  if (!deleteConfirmationMatches(input.confirmEmail, actor.email)) {
    throw new AppError('BAD_INPUT', SETTINGS_MESSAGES.confirmEmailMismatch);
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
  if (!matches) throw new AppError('BAD_INPUT', SETTINGS_MESSAGES.wrongPassword, 'WRONG_PASSWORD');
  const openSessions = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, actor.id));
  await files.removeUser(actor.id);
  await db.delete(users).where(eq(users.id, actor.id));
  catalogueChanged(bus);
  for (const s of openSessions) bus.publish(sessionChannel(s.id), { type: 'signed-out' } satisfies SessionEvent);
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
