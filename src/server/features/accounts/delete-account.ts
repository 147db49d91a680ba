import { eq } from 'drizzle-orm';
import { deleteConfirmationMatches, SETTINGS_MESSAGES } from '../../../domain/account-settings';
import type { Db } from '../../db/database';
import { sessions, users } from '../../db/schema/auth';
import { AppError } from '../../errors';
import type { BlobStore } from '../../files/blob-store';
import { catalogueChanged } from '../../realtime/channels';
import type { EventBus } from '../../realtime/event-bus';
import { sessionChannel, type SessionEvent } from './session-events';

/**
 * Deletes the actor's account once they typed their email: their files, then the user row, which cascades to
 * sessions, profile, roles, portfolio and presence. Rows other users own (their conversations) keep only the
 * id, which then reads "Unknown User". Every open tab of the account is signed out.
 */
export async function deleteAccount(
  db: Db,
  files: BlobStore,
  bus: EventBus,
  actor: { id: string; email: string },
  confirmEmail: string,
) {
  if (!deleteConfirmationMatches(confirmEmail, actor.email)) {
    throw new AppError('BAD_INPUT', SETTINGS_MESSAGES.confirmEmailMismatch);
  }
  const openSessions = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, actor.id));
  await files.removeUser(actor.id);
  await db.delete(users).where(eq(users.id, actor.id));
  catalogueChanged(bus);
  for (const s of openSessions) bus.publish(sessionChannel(s.id), { type: 'signed-out' } satisfies SessionEvent);
  return { ok: true };
}
