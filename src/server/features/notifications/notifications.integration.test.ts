import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../../domain/categories';
import { NOTIFICATION_LIMITS, notificationText } from '../../../domain/notifications';
import type { AppEvent, EventOf } from '../../contracts/app-events';
import type { NotificationLiveEvent } from '../../contracts/notification-events';
import { listen } from '../../testing/listen';
import { testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import { createTestApp, unlimitedMutations, type TestApp } from '../../testing/test-app';
import { notificationsChannels } from './notifications.channels';
import { onPriceProposed } from './on-price-proposed';

let app: TestApp;
const { ok } = trpcAs(() => app);

beforeAll(async () => {
  app = await createTestApp({}, { mutationLimiter: unlimitedMutations });
});
afterAll(() => app.close());

const db = () => app.database.db;
/** Every handler's work, done. */
const settle = () => app.events.drain();

async function rowsOf(userId: string) {
  const { rows } = await db().execute<{ id: string; kind: string; count: number; read_at: string | null }>(
    sql`select id, kind, count, read_at from notifications where recipient_id = ${userId} order by updated_at desc, id desc`,
  );
  return rows;
}

/** A provider's service and the conversation a client opened about it (the greeting is the client's message). */
async function conversation(provider: TestUser, client: TestUser, title = 'Logo design') {
  const unique = `${title} ${Math.random().toString(36).slice(2, 7)}`;
  const service = await ok(provider, 'services.create', {
    title: unique,
    description: 'A simple logo for your club or project.',
    category_id: SERVICE_CATEGORIES[1]!.id,
    price: 30,
    pricing_type: 'fixed',
    delivery_method: 'virtual',
    service_location: null,
    image_url: '',
  });
  const { id } = await ok(client, 'conversations.request', { serviceId: service.id });
  await settle();
  return { id, title: unique };
}

async function storedEvent<T extends AppEvent['type']>(type: T, conversationId: string) {
  const { rows } = await db().execute<{ id: number; payload: Record<string, unknown> }>(sql`
    select id, payload from domain_events where type = ${type} and payload ->> 'conversationId' = ${conversationId}`);
  const row = rows[0]!;
  return { id: Number(row.id), event: { ...row.payload, type } as EventOf<T> };
}

describe('a price proposed in a conversation', () => {
  it('notifies the other party once, live, never the actor; a retried delivery writes nothing more', async () => {
    const provider = await testUser(app, { firstName: 'Pat', lastName: 'Provider' });
    const client = await testUser(app);
    const { id, title } = await conversation(provider, client);
    const live = listen(app.bus, notificationsChannels.notificationsOf(client.id));

    await ok(provider, 'conversations.propose', { id, price: 42, pricingType: 'fixed' });
    await settle();

    const { items } = await ok(client, 'notifications.list', {});
    const proposals = items.filter((i) => i.kind === 'price_proposed');
    expect(proposals).toHaveLength(1);
    expect(proposals[0]!.payload).toMatchObject({ path: `/chat/${id}`, amountCents: 4200, actorName: 'Pat Provider' });
    expect(notificationText(proposals[0]!)).toBe(`Pat Provider proposed $42.00 for "${title}"`);
    // The actor hears nothing of their own proposal.
    expect((await rowsOf(provider.id)).map((r) => r.kind)).not.toContain('price_proposed');
    expect(live.seen).toContainEqual<NotificationLiveEvent>({
      type: 'changed',
      isNew: true,
      item: proposals[0]!,
      unreadCount: (await ok(client, 'notifications.unreadCount')).count,
    });
    live.stop();

    // The same event delivered again (a retry after a lost commit acknowledgement, a second server): no second item.
    const { id: eventId, event } = await storedEvent('price.proposed', id);
    for (const attempt of [2, 3]) {
      await db().transaction((tx) => onPriceProposed.handle({ tx, eventId, attempt, emit: () => {} }, event));
    }
    expect((await rowsOf(client.id)).filter((r) => r.kind === 'price_proposed')).toHaveLength(1);
  });

  it('a handler that fails after writing leaves nothing, and its retry writes the item once', async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    const { id } = await conversation(provider, client);
    await ok(client, 'conversations.propose', { id, price: 20, pricingType: 'fixed' });
    await settle();
    await db().execute(sql`delete from notifications where recipient_id = ${provider.id} and kind = 'price_proposed'`);
    const { id: eventId, event } = await storedEvent('price.proposed', id);

    await expect(
      db().transaction(async (tx) => {
        await onPriceProposed.handle({ tx, eventId, attempt: 1, emit: () => {} }, event);
        throw new Error('failed after writing');
      }),
    ).rejects.toThrow('failed after writing');
    expect((await rowsOf(provider.id)).filter((r) => r.kind === 'price_proposed')).toHaveLength(0);
    await db().transaction((tx) => onPriceProposed.handle({ tx, eventId, attempt: 2, emit: () => {} }, event));
    expect((await rowsOf(provider.id)).filter((r) => r.kind === 'price_proposed')).toHaveLength(1);
  });
});

describe('messages', () => {
  it('three messages make one unread item counting 3; reading the conversation reads it', async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    const { id } = await conversation(provider, client);
    // The client's greeting opened the conversation (service_requested); their messages from here coalesce.
    for (const text of ['One', 'Two', 'Three']) await ok(client, 'conversations.send', { id, text });
    await settle();

    const messages = (await rowsOf(provider.id)).filter((r) => r.kind === 'message');
    expect(messages).toHaveLength(1);
    expect(messages[0]!.count).toBe(3);
    const { items } = await ok(provider, 'notifications.list', {});
    const item = items.find((i) => i.kind === 'message')!;
    expect(JSON.stringify(item)).not.toMatch(/One|Two|Three/); // never the words
    expect(notificationText(item)).toMatch(/sent you 3 messages/);
    // The sender has no message item of their own.
    expect((await rowsOf(client.id)).filter((r) => r.kind === 'message')).toHaveLength(0);

    const before = (await ok(provider, 'notifications.unreadCount')).count;
    await ok(provider, 'conversations.markRead', { id });
    await settle();
    const after = (await rowsOf(provider.id)).find((r) => r.kind === 'message')!;
    expect(after.read_at).not.toBeNull();
    expect((await ok(provider, 'notifications.unreadCount')).count).toBe(before - 1);

    // The next message makes it unread again, at 1.
    await ok(client, 'conversations.send', { id, text: 'Four' });
    await settle();
    const again = (await rowsOf(provider.id)).filter((r) => r.kind === 'message');
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ count: 1, read_at: null });
  });
});

describe('what a member may no longer read', () => {
  it('removed from a private room, their items about it are gone and never listed', async () => {
    const owner = await testUser(app);
    const guest = await testUser(app);
    const room = await ok(owner, 'rooms.create', { name: 'Study group', description: '', isPrivate: true });
    await ok(owner, 'rooms.addMember', { id: room.id, userId: guest.id });
    await settle();
    const invited = (await ok(guest, 'notifications.list', {})).items.filter((i) => i.kind === 'room_invitation');
    expect(invited).toHaveLength(1);
    expect(invited[0]!.payload.path).toBe(`/chat-rooms/${room.id}`);
    // The actor, who added them, is told nothing.
    expect((await rowsOf(owner.id)).map((r) => r.kind)).not.toContain('room_invitation');

    // Before the handler runs, the list already hides it: the membership is checked as it is read.
    const live = listen(app.bus, notificationsChannels.notificationsOf(guest.id));
    await ok(owner, 'rooms.memberAction', { id: room.id, userId: guest.id, action: 'remove' });
    expect((await ok(guest, 'notifications.list', {})).items.map((i) => i.kind)).not.toContain('room_invitation');
    expect((await ok(guest, 'notifications.unreadCount')).count).toBe(0);
    await settle();
    expect((await rowsOf(guest.id)).map((r) => r.kind)).not.toContain('room_invitation');
    expect(live.seen).toContainEqual<NotificationLiveEvent>({ type: 'removed', ids: [invited[0]!.id], unreadCount: 0 });
    live.stop();
  });

  it('a deleted room takes its items with it', async () => {
    const owner = await testUser(app);
    const guest = await testUser(app);
    const room = await ok(owner, 'rooms.create', { name: 'Robotics', description: '', isPrivate: true });
    await ok(owner, 'rooms.addMember', { id: room.id, userId: guest.id });
    await settle();
    expect(await rowsOf(guest.id)).toHaveLength(1);
    await ok(owner, 'rooms.delete', { id: room.id });
    await settle();
    expect(await rowsOf(guest.id)).toHaveLength(0);
  });
});

describe('reading and marking', () => {
  it("markRead of another member's item changes nothing; of one's own, reads it", async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    await conversation(provider, client);
    const item = (await ok(provider, 'notifications.list', {})).items.find((i) => i.kind === 'service_requested')!;
    const unread = (await ok(provider, 'notifications.unreadCount')).count;
    const readAtOf = async () => (await rowsOf(provider.id)).find((r) => r.id === item.id)!.read_at;

    await ok(client, 'notifications.markRead', { id: item.id });
    expect(await readAtOf()).toBeNull();
    expect((await ok(provider, 'notifications.unreadCount')).count).toBe(unread);

    await ok(provider, 'notifications.markRead', { id: item.id });
    expect(await readAtOf()).not.toBeNull();
    expect((await ok(provider, 'notifications.unreadCount')).count).toBe(unread - 1);
  });

  it('lists newest first in bounded pages, and mark all read clears the count', async () => {
    const provider = await testUser(app);
    const clients = await Promise.all([1, 2, 3, 4, 5].map(() => testUser(app)));
    for (const client of clients) await conversation(provider, client);
    // Five requests, and the provider's first-service awards.
    const stored = await rowsOf(provider.id);
    expect(stored.filter((r) => r.kind === 'service_requested')).toHaveLength(5);
    const all = [];
    let page = await ok(provider, 'notifications.list', { limit: 2 });
    for (;;) {
      expect(page.items.length).toBeLessThanOrEqual(2);
      all.push(...page.items);
      if (!page.nextCursor) break;
      page = await ok(provider, 'notifications.list', { limit: 2, cursor: page.nextCursor });
    }
    expect(all.map((i) => i.id)).toEqual(stored.map((r) => r.id));
    const times = all.map((i) => i.updatedAt);
    expect([...times].sort().reverse()).toEqual(times);

    expect((await ok(provider, 'notifications.unreadCount')).count).toBe(stored.length);
    await ok(provider, 'notifications.markAllRead');
    expect((await ok(provider, 'notifications.unreadCount')).count).toBe(0);
  });
});

describe('bounds', () => {
  it('a member keeps at most keptPerMember items: the oldest read ones go first', async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    const kept = NOTIFICATION_LIMITS.keptPerMember;
    // As many old read items as the bound allows, and ten unread ones older still.
    await db().execute(sql`
      insert into notifications (recipient_id, kind, event_id, payload, read_at, created_at, updated_at)
      select ${provider.id}, 'level_up', -n, '{"path":"/progress"}'::jsonb,
        case when n <= ${kept} then now() - interval '1 day' end,
        now() - (n || ' minutes')::interval, now() - (n || ' minutes')::interval
      from generate_series(1, ${kept + 10}) as n`);
    await conversation(provider, client);

    const rows = await rowsOf(provider.id);
    expect(rows).toHaveLength(kept);
    // The request is among the newest (the provider's awards for it may land just after it).
    expect(rows.slice(0, 5).map((r) => r.kind)).toContain('service_requested');
    // Every unread item stayed; the read ones made room.
    expect(rows.filter((r) => r.read_at === null).length).toBeGreaterThanOrEqual(11);
  });
});
