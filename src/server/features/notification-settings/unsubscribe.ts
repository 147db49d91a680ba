import { eq, sql } from 'drizzle-orm';
import { defaultChannels, type NotificationKind } from '../../../domain/notifications';
import type { Db } from '../../db/database';
import { newsletterSubscriptions } from '../../db/schema/newsletter';
import { notificationSettings } from '../../db/schema/notification-settings';

export type UnsubscribeTarget =
  { kind: NotificationKind | 'all'; userId: string } | { kind: 'newsletter'; email: string };

/**
 * One click from an email, without signing in (the link's signature was checked by the route): that kind's email
 * stops, every other choice stays. The newsletter's sets its subscription inactive. Repeating it changes nothing.
 */
export async function unsubscribe(deps: { db: Db }, _actor: null, target: UnsubscribeTarget): Promise<void> {
  if (target.kind === 'newsletter') {
    await deps.db
      .update(newsletterSubscriptions)
      .set({ isActive: false })
      .where(eq(newsletterSubscriptions.email, target.email.toLowerCase()));
    return;
  }
  if (target.kind === 'all') {
    await deps.db.execute(sql`
      insert into ${notificationSettings} (user_id, email_enabled) select id, false from users where id = ${target.userId}
      on conflict (user_id) do update set email_enabled = false, updated_at = now()`);
    return;
  }
  const off = { ...defaultChannels(target.kind), email: false };
  // The kind's other channels as the member had them (or the defaults); a deleted account is simply not found.
  await deps.db.execute(sql`
    insert into ${notificationSettings} (user_id, kinds)
    select id, jsonb_build_object(${target.kind}::text, ${JSON.stringify(off)}::jsonb) from users where id = ${target.userId}
    on conflict (user_id) do update set
      kinds = ${notificationSettings.kinds} || jsonb_build_object(${target.kind}::text,
        coalesce(${notificationSettings.kinds} -> ${target.kind}::text, ${JSON.stringify(off)}::jsonb)
          || '{"email": false}'::jsonb),
      updated_at = now()`);
}
