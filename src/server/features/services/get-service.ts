import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { services } from '../../db/schema/services';
import { AppError } from '../../errors';
import { asSeenBy, selectServiceCards } from './service-queries';

/** One service; its owner (the edit form) gets the exact location, anyone else an approximate one. */
export async function getService(db: Db, serviceId: string, viewerId: string | null) {
  const [service] = await selectServiceCards(db).where(eq(services.id, serviceId)).limit(1);
  if (!service) throw new AppError('NOT_FOUND', 'Service not found');
  return asSeenBy(service, viewerId);
}

/** The service, if the actor owns it: missing is NOT_FOUND, someone else's is FORBIDDEN. */
export async function assertServiceOwner(db: Db, actor: { id: string }, serviceId: string) {
  const [service] = await db.select().from(services).where(eq(services.id, serviceId)).limit(1);
  if (!service) throw new AppError('NOT_FOUND', 'Service not found');
  if (service.userId !== actor.id) throw new AppError('FORBIDDEN');
  return service;
}
