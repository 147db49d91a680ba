import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { toCents } from '../../../domain/money';
import type { editServiceSchema, offerServiceSchema } from '../../../domain/services';
import type { Db } from '../../db/database';
import { services } from '../../db/schema/services';
import { assertOwnUpload } from '../../files/assert-own-upload';
import type { BlobStore } from '../../files/blob-store';
import type { EventBus } from '../../realtime/event-bus';
import { catalogueChanged } from '../../realtime/channels';
import { assertServiceOwner } from './get-service';

type Offer = z.output<typeof offerServiceSchema>;
type Edit = z.output<typeof editServiceSchema>;
/** What a write needs besides the database: the blob store for images, the bus to refresh listings. */
interface Deps {
  db: Db;
  files: BlobStore;
  bus: EventBus;
}

/** The row fields of a form; the price becomes cents here and only here. */
function toRow(input: Offer | Edit) {
  return {
    title: input.title,
    description: input.description,
    categoryId: input.category_id,
    priceCents: toCents(input.price),
    pricingType: input.pricing_type,
    deliveryMethod: input.delivery_method,
    serviceLocation: input.service_location,
    imageUrl: input.image_url || null,
  };
}

export async function createService({ db, files, bus }: Deps, actor: { id: string }, input: Offer) {
  const row = toRow(input);
  assertOwnUpload(files, actor, row.imageUrl, 'service');
  const [created] = await db
    .insert(services)
    .values({ ...row, userId: actor.id })
    .returning({ id: services.id });
  catalogueChanged(bus);
  return created!;
}

/** Only the owner may edit; a replaced image's file is removed. */
export async function updateService({ db, files, bus }: Deps, actor: { id: string }, serviceId: string, input: Edit) {
  const existing = await assertServiceOwner(db, actor, serviceId);
  const row = toRow(input);
  if (row.imageUrl !== existing.imageUrl) assertOwnUpload(files, actor, row.imageUrl, 'service');
  await db
    .update(services)
    .set({ ...row, updatedAt: new Date() })
    .where(and(eq(services.id, serviceId), eq(services.userId, actor.id)));
  catalogueChanged(bus);
  if (existing.imageUrl && existing.imageUrl !== row.imageUrl) await files.remove(existing.imageUrl);
  return { id: serviceId };
}

/** Only the owner may delete; the image file goes with it. */
export async function deleteService({ db, files, bus }: Deps, actor: { id: string }, serviceId: string) {
  const existing = await assertServiceOwner(db, actor, serviceId);
  await db.delete(services).where(and(eq(services.id, serviceId), eq(services.userId, actor.id)));
  catalogueChanged(bus);
  await files.remove(existing.imageUrl);
  return { ok: true };
}
