import { and, eq } from 'drizzle-orm';
import type { DisputeStatus } from '../../../domain/settlement';
import type { Tx } from '../../db/database';
import { disputes } from '../../db/schema/settlement';

/** Closes the conversation's open dispute inside the caller's locked transaction; returns its id when there was one. */
export async function closeDispute(
  tx: Tx,
  conversationId: string,
  adminId: string,
  now: Date,
  status: Exclude<DisputeStatus, 'open'>,
  refundCents: number | null,
) {
  const [row] = await tx
    .update(disputes)
    .set({ status, refundCents, resolvedBy: adminId, resolvedAt: now })
    .where(and(eq(disputes.conversationId, conversationId), eq(disputes.status, 'open')))
    .returning({ id: disputes.id });
  return row?.id ?? conversationId;
}
