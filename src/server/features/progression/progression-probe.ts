import { sql } from 'drizzle-orm';
import { SERVICE_CATEGORIES } from '../../../domain/categories';
import type { AppEvent } from '../../contracts/app-events';
import { trpcAs, type TestUser } from '../../testing/marketplace';
import type { TestApp } from '../../testing/test-app';

/** What progression's integration tests read of the tables, and the conversation they start from. */
export function progressionProbe(getApp: () => TestApp) {
  const db = () => getApp().database.db;
  const { ok } = trpcAs(getApp);

  async function progressOf(userId: string) {
    const { rows } = await db().execute<{ xp: number; level: number; ledger: number }>(sql`
      select coalesce((select xp from user_xp where user_id = ${userId}), 0) as xp,
        coalesce((select level from user_xp where user_id = ${userId}), 0) as level,
        (select coalesce(sum(amount), 0)::int from xp_grants where user_id = ${userId}) as ledger`);
    return rows[0]!;
  }

  async function questsOf(userId: string): Promise<string[]> {
    const { rows } = await db().execute<{ slug: string }>(sql`
      select q.slug from user_quests uq join quests q on q.id = uq.quest_id where uq.user_id = ${userId} order by q.slug`);
    return rows.map((r) => r.slug);
  }

  async function badgesOf(userId: string): Promise<string[]> {
    const { rows } = await db().execute<{ badge_slug: string }>(
      sql`select badge_slug from user_badges where user_id = ${userId} order by badge_slug`,
    );
    return rows.map((r) => r.badge_slug);
  }

  async function grantsOf(userId: string, source: string) {
    const { rows } = await db().execute<{ source_key: string; amount: number; day: string }>(sql`
      select source_key, amount, to_char(day, 'YYYY-MM-DD') as day from xp_grants
      where user_id = ${userId} and source = ${source} order by granted_at, source_key`);
    return rows;
  }

  /** A provider's service and a conversation the client opened about it (the client's greeting is a message). */
  async function conversationBetween(provider: TestUser, client: TestUser) {
    const { id: serviceId } = await ok(provider, 'services.create', {
      title: `Essay feedback ${Math.random().toString(36).slice(2, 7)}`,
      description: 'Line-by-line comments on one essay.',
      category_id: SERVICE_CATEGORIES[2]!.id,
      price: 25,
      pricing_type: 'fixed',
      delivery_method: 'virtual',
      service_location: null,
      image_url: '',
    });
    const { id } = await ok(client, 'conversations.request', { serviceId });
    return id;
  }

  /** The message.sent events recorded for one message (what the dispatcher delivered). */
  async function recordedMessageSent(messageId: string): Promise<AppEvent> {
    const { rows } = await db().execute<{ payload: Record<string, unknown> }>(
      sql`select payload from domain_events where type = 'message.sent' and payload ->> 'messageId' = ${messageId}`,
    );
    return { ...rows[0]!.payload, type: 'message.sent' } as AppEvent;
  }

  return { progressOf, questsOf, badgesOf, grantsOf, conversationBetween, recordedMessageSent };
}
