import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { toCents } from '../../../domain/money';
import type { serviceRequestSchema } from '../../../domain/requests';
import type { Db, Tx } from '../../db/database';
import { serviceRequests } from '../../db/schema/services';
import { AppError } from '../../errors';

export type RequestFields = z.output<typeof serviceRequestSchema>;

/** The row fields of the form; the budget becomes cents here and only here. */
export function toRequestRow(input: RequestFields) {
  return {
    title: input.title,
    description: input.description,
    serviceCategoryId: input.service_category_id,
    pricingType: input.pricing_type,
    budgetCents: input.budget === null ? null : toCents(input.budget),
    imageUrl: input.image_url || null,
  };
}

/** The request, if the actor owns it: missing is NOT_FOUND, someone else's is FORBIDDEN. */
export async function assertRequestOwner(db: Db | Tx, actor: { id: string }, requestId: string) {
  const [request] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, requestId)).limit(1);
  if (!request) throw new AppError('REQUEST_NOT_FOUND');
  if (request.userId !== actor.id) throw new AppError('FORBIDDEN');
  return request;
}
