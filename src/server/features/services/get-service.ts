import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { services } from '../../db/schema/services';
import { AppError } from '../../errors';
import { asSeenBy, selectServiceCards } from './service-queries';

/** One service; its owner (the edit form) gets the exact location, anyone else an approximate one. */
export async function getService(deps: { db: Db }, actor: { id: string } | null, input: { id: string }) {
  const [service] = await selectServiceCards(deps.db).where(eq(services.id, input.id)).limit(1);
  if (!service) throw new AppError('SERVICE_NOT_FOUND');
  return asSeenBy(service, actor?.id ?? null);
}
