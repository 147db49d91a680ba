import { sql } from 'drizzle-orm';
import {
  ALL_EMAIL_UNSUBSCRIBE_KIND,
  channelsFor,
  DIGEST_TEXTS,
  quietUntil,
} from '../../../domain/notification-preferences';
import { ONLINE_WITHIN_MS } from '../../../domain/presence';
import {
  NOTIFICATION_KINDS,
  notificationText,
  type NotificationKind,
  type NotificationPayload,
} from '../../../domain/notifications';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/database';
import { runPeriodically } from '../../jobs/run-periodically';
import { queueMail } from '../../mail/queue-mail';
import { loadNotificationSettings } from '../notification-settings/load-notification-settings';

/** Members handled per run, and items one email lists (the rest are counted). */
const MEMBERS_PER_RUN = 50;
const ITEMS_PER_EMAIL = 20;

interface Due extends Record<string, unknown> {
  user_id: string;
  email: string;
  last_sent_at: string | null;
  active: boolean;
}

interface Item extends Record<string, unknown> {
  kind: NotificationKind;
  payload: NotificationPayload;
  count: number;
}

/**
 * One email per batch window per member whose address is verified (anyone can sign up with someone else's address:
 * their inbox must not fill with what others send that account), listing what they missed: what is still unread when the window ends (read
 * meanwhile, it is dropped), newer than the last email, of the kinds they get by email. Nobody is emailed while
 * active in the app (the window starts again) or in their quiet hours (it waits for their end).
 */
export async function sendMissedActivity(
  deps: { db: Db; config: Pick<Config, 'MAIL_BATCH_MINUTES'> },
  now: Date = new Date(),
): Promise<number> {
  const windowMs = deps.config.MAIL_BATCH_MINUTES * 60_000;
  return deps.db.transaction(async (tx) => {
    // skip locked: two servers never write the same member's email.
    const { rows } = await tx.execute<Due>(sql`
      select d.user_id, u.email, d.last_sent_at,
        coalesce(p.online_at > ${new Date(now.getTime() - ONLINE_WITHIN_MS)}, false) as active
      from activity_digests d join users u on u.id = d.user_id left join presence p on p.user_id = d.user_id
      where d.pending_since <= ${new Date(now.getTime() - windowMs)} and u.email_verified
      order by d.pending_since limit ${MEMBERS_PER_RUN}
      for update of d skip locked`);
    let sent = 0;
    for (const due of rows) if (await digestFor(tx, due, now, windowMs)) sent++;
    return sent;
  });
}

async function digestFor(tx: Tx, due: Due, now: Date, windowMs: number): Promise<boolean> {
  const reschedule = (at: Date) =>
    tx.execute(sql`update activity_digests set pending_since = ${at} where user_id = ${due.user_id}`);
  if (due.active) {
    await reschedule(now);
    return false;
  }
  const { settings, isMinor } = await loadNotificationSettings(tx, due.user_id);
  const quiet = quietUntil(settings, now);
  if (quiet) {
    await reschedule(new Date(quiet.getTime() - windowMs));
    return false;
  }
  // Kinds kept out of the bell ("In the app" off) are written read: for them, read does not mean seen.
  const unseenKinds = NOTIFICATION_KINDS.filter((kind) => !channelsFor(settings, kind, isMinor).inApp);
  const { rows } = await tx.execute<Item>(sql`
    select kind, payload, count from notifications
    where recipient_id = ${due.user_id}
      and (read_at is null ${
        unseenKinds.length > 0
          ? sql`or kind in (${sql.join(
              unseenKinds.map((kind) => sql`${kind}`),
              sql`, `,
            )})`
          : sql``
      })
      and updated_at > coalesce(${due.last_sent_at}::timestamptz, '-infinity')
    order by updated_at desc, id desc limit 200`);
  const items = rows.filter((item) => channelsFor(settings, item.kind, isMinor).email);
  if (items.length === 0) {
    await tx.execute(sql`update activity_digests set pending_since = null where user_id = ${due.user_id}`);
    return false;
  }
  const kinds = new Set(items.map((i) => i.kind));
  const only = kinds.size === 1 ? [...kinds][0]! : null;
  const listed = items.slice(0, ITEMS_PER_EMAIL);
  await queueMail(tx, {
    userId: due.user_id,
    to: due.email,
    subject: items.length === 1 ? notificationText(items[0]!).slice(0, 300) : DIGEST_TEXTS.subject(items.length),
    content: {
      preview: notificationText(items[0]!).slice(0, 200),
      heading: DIGEST_TEXTS.heading,
      paragraphs: [
        DIGEST_TEXTS.intro,
        ...(items.length > listed.length ? [DIGEST_TEXTS.more(items.length - listed.length)] : []),
      ],
      items: listed.map((item) => ({ text: notificationText(item).slice(0, 300), url: item.payload.path })),
      action: { label: DIGEST_TEXTS.action, url: '/notifications' },
      unsubscribe: {
        label: DIGEST_TEXTS.unsubscribe,
        url: `/unsubscribe?k=${only ?? ALL_EMAIL_UNSUBSCRIBE_KIND}&u=${encodeURIComponent(due.user_id)}`,
      },
    },
  });
  await tx.execute(sql`update activity_digests set pending_since = null, last_sent_at = ${now}
    where user_id = ${due.user_id}`);
  return true;
}

/** Looks for due digests every 30 seconds for the server's lifetime. */
export function startMissedActivityEmails(
  deps: { db: Db; config: Pick<Config, 'MAIL_BATCH_MINUTES'> },
  log: (error: unknown) => void,
): () => Promise<void> {
  return runPeriodically(() => sendMissedActivity(deps), { intervalMs: 30_000, runAtStart: false, log });
}
