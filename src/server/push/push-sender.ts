import { eq, inArray, sql } from 'drizzle-orm';
import webpush, { type PushSubscription, type RequestOptions, type SendResult } from 'web-push';
import type { Db } from '../db/database';
import { pushSubscriptions, type PushPayload } from '../db/schema/push';
import { runPeriodically } from '../jobs/run-periodically';
import type { VapidKeys } from './vapid-keys';

/** Five pushes of ten devices at 10 s each stay within the lease: no other server takes them again. */
const BATCH = 5;
/** A push is worth little late: three tries within about two minutes, then it is dropped (the item stays in the app). */
const MAX_ATTEMPTS = 3;
const LEASE_SECONDS = 600;
/** A push the device has not fetched within a day is not worth showing. */
const TTL_SECONDS = 24 * 3600;

export type SendPush = (
  subscription: PushSubscription,
  payload: string,
  options: RequestOptions,
) => Promise<Pick<SendResult, 'statusCode'>>;

interface Claimed extends Record<string, unknown> {
  id: string;
  user_id: string;
  payload: PushPayload;
  attempts: number;
}

/** The status a push service answered with, when it answered. */
function statusOf(error: unknown): number | null {
  const code = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof code === 'number' ? code : null;
}

export function createPushSender(deps: { db: Db; vapid: VapidKeys; send?: SendPush }) {
  const { db, vapid } = deps;
  const send: SendPush = deps.send ?? ((s, p, o) => webpush.sendNotification(s, p, o));
  const options: RequestOptions = {
    vapidDetails: vapid,
    TTL: TTL_SECONDS,
    timeout: 10_000,
    urgency: 'normal',
    contentEncoding: 'aes128gcm',
  };

  return {
    /** Sends what is due to every device of each member; the number of deliveries a push service accepted. */
    async sendDue(): Promise<number> {
      const { rows } = await db.execute<Claimed>(sql`
        update push_outbox set attempts = attempts + 1,
          next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
        where id in (select id from push_outbox where next_attempt_at <= now()
          order by next_attempt_at limit ${BATCH} for update skip locked)
        returning id, user_id, payload, attempts`);
      let delivered = 0;
      for (const row of rows) {
        const devices = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, row.user_id));
        const gone: string[] = [];
        let retry = false;
        for (const device of devices) {
          try {
            await send(
              { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
              JSON.stringify(row.payload),
              options,
            );
            delivered++;
          } catch (error) {
            const status = statusOf(error);
            // 404 and 410: the browser dropped the subscription; 400 and 403: it can never take ours.
            if (status === 404 || status === 410 || status === 400 || status === 403) gone.push(device.id);
            else retry = true;
          }
        }
        if (gone.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
        if (retry && row.attempts < MAX_ATTEMPTS) {
          await db.execute(sql`update push_outbox set next_attempt_at = now() + make_interval(secs => ${30 * row.attempts})
            where id = ${row.id}`);
        } else {
          // A retry sends again to every device; the ones that took it see the same tag replaced, not a second one.
          await db.execute(sql`delete from push_outbox where id = ${row.id}`);
        }
      }
      return delivered;
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;

export function startPushSender(sender: PushSender, log: (error: unknown) => void): () => Promise<void> {
  return runPeriodically(() => sender.sendDue(), { intervalMs: 1000, runAtStart: true, log });
}
