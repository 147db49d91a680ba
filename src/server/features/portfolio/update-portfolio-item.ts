import { and, eq } from 'drizzle-orm';
import type { PortfolioItemFields } from '../../../domain/portfolio';
import type { Db } from '../../db/database';
import { portfolioItems } from '../../db/schema/portfolio';
import type { BlobStore } from '../../files/blob-store';
import { channels, type PortfolioEvent } from '../../realtime/channels';
import type { EventBus } from '../../realtime/event-bus';
import { assertOwnUpload } from '../../files/assert-own-upload';
import { assertPortfolioOwner } from './portfolio-access';

/** Only the owner may edit; a replaced image's file is removed. */
export async function updatePortfolioItem(
  db: Db,
  files: BlobStore,
  bus: EventBus,
  actor: { id: string },
  itemId: string,
  fields: PortfolioItemFields,
) {
  const existing = await assertPortfolioOwner(db, actor, itemId);
  assertOwnUpload(files, actor, fields.imageUrl, 'portfolio');
  const [item] = await db
    .update(portfolioItems)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(portfolioItems.id, itemId), eq(portfolioItems.userId, actor.id)))
    .returning();
  if (existing.imageUrl && existing.imageUrl !== fields.imageUrl) await files.remove(existing.imageUrl);
  bus.publish(channels.portfolio(actor.id), { type: 'portfolio-changed' } satisfies PortfolioEvent);
  return item!;
}
