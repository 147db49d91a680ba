import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { retryOnDeadlock } from '../../db/retry-on-deadlock';
import { sessions, users } from '../../db/schema/auth';
import type { AppEvent } from '../../contracts/app-events';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import type { BlobStore } from '../../files/blob-store';
import type { EventBus } from '../../realtime/event-bus';
import { announceSessionEnded } from '../../realtime/session-ended';

/**
 * Removes an account and everything it owns, whoever asked (the owner's Delete Account, or an admin): their files,
 * then the user row, which cascades to sessions, profile, roles, portfolio, presence and suspension. Rows other
 * users own (their conversations) keep only the id, which then reads "Unknown User". `user.deleted` goes with it
 * (the listings drop their cards) and every session it had is announced ended, so every open tab and socket of the
 * account closes at once, on every server.
 *
 * `within` runs first inside the same transaction: the caller's last checks (under its locks) and its audit row,
 * which then exist if and only if the account is gone. A caller should check what it can before calling, since the
 * files go before the transaction (a failure after them leaves an account without pictures, never pictures of a
 * deleted account).
 */
export async function removeAccount(
  deps: { db: Db; events: DomainEvents; files: BlobStore; bus: EventBus },
  userId: string,
  within?: (tx: Tx, emit: (event: AppEvent) => void) => Promise<void>,
): Promise<void> {
  await deps.files.removeUser(userId);
  // Any transaction holding one of the user's rows while it writes another (an award handler) can deadlock with the
  // cascade: PostgreSQL rolls one back, and a Delete Account must not fail for it.
  const ended = await retryOnDeadlock(() =>
    inTransaction(deps, async (tx, emit) => {
      await within?.(tx, emit);
      // The user row locked first: a new session's insert (its foreign key takes a key-share lock on that row) waits
      // for this transaction and then fails on the missing user. The sessions are then deleted, not only read, before
      // the user row, so every one the account had is named here and announced: none leaves with the cascade unheard.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const open = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
      await tx.delete(users).where(eq(users.id, userId));
      emit({ type: 'user.deleted', userId });
      return open;
    }),
  );
  for (const s of ended) announceSessionEnded(deps.bus, s.id);
}
