import { eq } from 'drizzle-orm';
import { boundedName } from '../../../domain/notifications';
import type { Tx } from '../../db/database';
import { services } from '../../db/schema/services';

/**
 * Who a poll concerns and how their item names it: a service's owner (the service's title), or the member a ban poll
 * is about (no name: it is them). Never the poll's title or description, which an admin wrote about them.
 */
export async function pollSubject(
  tx: Tx,
  poll: { serviceId: string | null; targetUserId: string | null },
): Promise<{ recipientId: string; subject: string | null; aboutYou: boolean } | null> {
  if (poll.targetUserId) return { recipientId: poll.targetUserId, subject: null, aboutYou: true };
  if (!poll.serviceId) return null;
  const [service] = await tx
    .select({ ownerId: services.userId, title: services.title })
    .from(services)
    .where(eq(services.id, poll.serviceId));
  return service ? { recipientId: service.ownerId, subject: boundedName(service.title), aboutYou: false } : null;
}
