import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { toCents } from '../../../domain/money';
import type { serviceRequestSchema } from '../../../domain/requests';
import type { Db } from '../../db/database';
import { serviceRequests } from '../../db/schema/services';
import { AppError } from '../../errors';
import { assertOwnUpload } from '../../files/assert-own-upload';
import type { BlobStore } from '../../files/blob-store';
import type { EventBus } from '../../realtime/event-bus';
import { catalogueChanged } from '../../realtime/channels';

type RequestFields = z.output<typeof serviceRequestSchema>;
interface Deps {
  db: Db;
  files: BlobStore;
  bus: EventBus;
}

function toRow(input: RequestFields) {
  return {
    title: input.title,
    description: input.description,
    serviceCategoryId: input.service_category_id,
    pricingType: input.pricing_type,
    budgetCents: input.budget === null ? null : toCents(input.budget),
    imageUrl: input.image_url || null,
  };
}

async function assertRequestOwner(db: Db, actor: { id: string }, requestId: string) {
  const [request] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, requestId)).limit(1);
  if (!request) throw new AppError('NOT_FOUND', 'Failed to load request');
  if (request.userId !== actor.id) throw new AppError('FORBIDDEN');
  return request;
}

export async function createRequest({ db, files, bus }: Deps, actor: { id: string }, input: RequestFields) {
  const row = toRow(input);
  assertOwnUpload(files, actor, row.imageUrl, 'request');
  const [created] = await db
    .insert(serviceRequests)
    .values({ ...row, userId: actor.id })
    .returning({ id: serviceRequests.id });
  catalogueChanged(bus);
  return created!;
}

export async function updateRequest(
  { db, files, bus }: Deps,
  actor: { id: string },
  requestId: string,
  input: RequestFields,
) {
  const existing = await assertRequestOwner(db, actor, requestId);
  const row = toRow(input);
  if (row.imageUrl !== existing.imageUrl) assertOwnUpload(files, actor, row.imageUrl, 'request');
  await db
    .update(serviceRequests)
    .set({ ...row, updatedAt: new Date() })
    .where(and(eq(serviceRequests.id, requestId), eq(serviceRequests.userId, actor.id)));
  catalogueChanged(bus);
  if (existing.imageUrl && existing.imageUrl !== row.imageUrl) await files.remove(existing.imageUrl);
  return { id: requestId };
}

export async function deleteRequest({ db, files, bus }: Deps, actor: { id: string }, requestId: string) {
  const existing = await assertRequestOwner(db, actor, requestId);
  await db.delete(serviceRequests).where(and(eq(serviceRequests.id, requestId), eq(serviceRequests.userId, actor.id)));
  catalogueChanged(bus);
  await files.remove(existing.imageUrl);
  return { ok: true };
}
