import type { PortfolioItemFields } from '../../../domain/portfolio';
import type { Db } from '../../db/database';
import { portfolioItems } from '../../db/schema/portfolio';
import type { BlobStore } from '../../files/blob-store';
import { channels, type PortfolioEvent } from '../../realtime/channels';
import type { EventBus } from '../../realtime/event-bus';
import { assertOwnUpload } from '../../files/assert-own-upload';

export async function createPortfolioItem(
  db: Db,
  files: BlobStore,
  bus: EventBus,
  actor: { id: string },
  fields: PortfolioItemFields,
) {
  assertOwnUpload(files, actor, fields.imageUrl, 'portfolio');
  const [item] = await db
    .insert(portfolioItems)
    .values({ ...fields, userId: actor.id })
    .returning();
  bus.publish(channels.portfolio(actor.id), { type: 'portfolio-changed' } satisfies PortfolioEvent);
  return item!;
}
