import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { portfolioItems } from '../../db/schema/portfolio';
import type { BlobStore } from '../../files/blob-store';
import { channels, type PortfolioEvent } from '../../realtime/channels';
import type { EventBus } from '../../realtime/event-bus';
import { assertPortfolioOwner } from './portfolio-access';

/** Only the owner may delete; the item's image file goes with it. */
export async function deletePortfolioItem(
  db: Db,
  files: BlobStore,
  bus: EventBus,
  actor: { id: string },
  itemId: string,
) {
  const existing = await assertPortfolioOwner(db, actor, itemId);
  await db.delete(portfolioItems).where(and(eq(portfolioItems.id, itemId), eq(portfolioItems.userId, actor.id)));
  await files.remove(existing.imageUrl);
  bus.publish(channels.portfolio(actor.id), { type: 'portfolio-changed' } satisfies PortfolioEvent);
  return { ok: true };
}
