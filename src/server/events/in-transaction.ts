import type { Db, Tx } from '../db/database';
import type { AppEvent } from '../contracts/app-events';
import type { DomainEvents } from './domain-events';
import { MAX_EVENTS_PER_TRANSACTION, recordEvents } from './record-events';

/**
 * Runs a use case's work in one transaction; what it emits is recorded in that transaction just before the commit
 * (one statement), and announced after the commit. Work that throws records nothing and announces nothing.
 *
 *   return inTransaction(deps, async (tx, emit) => {
 *     ...change...
 *     emit({ type: 'price.accepted', ... });
 *   });
 */
export async function inTransaction<T>(
  deps: { db: Db; events: DomainEvents },
  work: (tx: Tx, emit: (event: AppEvent) => void) => Promise<T>,
): Promise<T> {
  const emitted: AppEvent[] = [];
  let open = true;
  const emit = (event: AppEvent) => {
    // An emit after the work returned (a forgotten await) would be silently lost: fail loudly instead.
    if (!open) throw new Error(`${event.type} emitted after its transaction's work ended`);
    if (emitted.length >= MAX_EVENTS_PER_TRANSACTION) {
      throw new Error(`More than ${MAX_EVENTS_PER_TRANSACTION} events in one transaction`);
    }
    emitted.push(event);
  };
  const result = await deps.db.transaction(async (tx) => {
    try {
      const value = await work(tx, emit);
      open = false;
      await recordEvents(tx, emitted);
      return value;
    } finally {
      open = false;
    }
  });
  deps.events.committed(emitted);
  return result;
}
