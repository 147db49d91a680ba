import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { serviceRequests } from '../../db/schema/services';
import { AppError } from '../../errors';
import { selectRequestCards } from './request-queries';

/** One request, public like the listing. */
export async function getRequest(deps: { db: Db }, _actor: { id: string } | null, input: { id: string }) {
  const [request] = await selectRequestCards(deps.db).where(eq(serviceRequests.id, input.id)).limit(1);
  if (!request) throw new AppError('REQUEST_NOT_FOUND');
  return request;
}
