import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { services } from '../../db/schema/services';
import { AppError } from '../../errors';

/** The service, if the actor owns it: missing is NOT_FOUND, someone else's is FORBIDDEN. */
export async function assertServiceOwner(db: Db | Tx, actor: { id: string }, serviceId: string) {
  const [service] = await db.select().from(services).where(eq(services.id, serviceId)).limit(1);
  if (!service) throw new AppError('SERVICE_NOT_FOUND');
  if (service.userId !== actor.id) throw new AppError('FORBIDDEN');
  return service;
}
