import type { Tx } from '../db/database';
import { pushOutbox, type PushPayload } from '../db/schema/push';
import { isSitePath } from '../../domain/redirect';

export const PUSH_LIMITS = { title: 100, body: 300 } as const;

/**
 * Queues a push to every device of a member, in the caller's transaction; sent after the commit. The texts are cut
 * to what a lock screen shows; the url must be a path on the site.
 */
export async function queuePush(tx: Tx, userId: string, payload: PushPayload): Promise<void> {
  if (!isSitePath(payload.url)) throw new Error('A push opens a path on the site');
  await tx.insert(pushOutbox).values({
    userId,
    payload: {
      title: payload.title.slice(0, PUSH_LIMITS.title),
      body: payload.body.slice(0, PUSH_LIMITS.body),
      url: payload.url.slice(0, 500),
      tag: payload.tag.slice(0, 100),
    },
  });
}
