import { listen as listenOnBus } from '../../testing/listen';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../../domain/categories';
import { type Channel } from '../../realtime/channels';
import { conversationsChannels } from './conversations.channels';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { testUser, trpcAs, type TestUser } from '../../testing/marketplace';

let app: TestApp;
let provider: TestUser;
let client: TestUser;
let stranger: TestUser;
let conversationId: string;
const { call, ok } = trpcAs(() => app);

/** The events recorded for this conversation since the test began, oldest first. */
async function recorded() {
  const { rows } = await app.database.db.execute<{ type: string; payload: Record<string, unknown> }>(
    sql`select type, payload from domain_events where payload ->> 'conversationId' = ${conversationId} order by id`,
  );
  return rows;
}

const listen = <T>(channel: Channel<T>) => listenOnBus(app.bus, channel);

beforeAll(async () => {
  app = await createTestApp();
  provider = await testUser(app, { firstName: 'Pia' });
  client = await testUser(app, { firstName: 'Carl' });
  stranger = await testUser(app, { firstName: 'Sam' });
});
afterAll(() => app.close());

beforeEach(async () => {
  const { id: serviceId } = await ok(provider, 'services.create', {
    title: 'Poster layout',
    description: 'One poster, two rounds of changes.',
    category_id: SERVICE_CATEGORIES[1]!.id,
    price: 40,
    pricing_type: 'fixed',
    delivery_method: 'virtual',
    service_location: null,
    image_url: '',
  });
  conversationId = (await ok(client, 'conversations.request', { serviceId })).id;
});

describe('conversation events', () => {
  it('opening records conversation.opened with the greeting; asking again records nothing more', async () => {
    expect((await recorded()).map((e) => e.type)).toEqual(['conversation.opened']);
    const [opened] = await recorded();
    expect(opened!.payload).toMatchObject({
      actorId: client.id,
      participants: { clientId: client.id, providerId: provider.id },
      message: { senderId: client.id, kind: 'text' },
      state: null,
    });
  });

  it('a sent message is recorded with its data and reaches the chat and both inboxes; a stranger records none', async () => {
    const chat = listen(conversationsChannels.conversation(conversationId));
    const clientInbox = listen(conversationsChannels.inbox(client.id));
    const providerInbox = listen(conversationsChannels.inbox(provider.id));
    const sent = await ok(provider, 'conversations.send', { id: conversationId, text: 'Hello there' });
    expect((await call(stranger, 'conversations.send', { id: conversationId, text: 'Let me in' })).status).toBe(403);

    const events = await recorded();
    expect(events.map((e) => e.type)).toEqual(['conversation.opened', 'message.sent']);
    expect(events[1]!.payload).toMatchObject({
      messageId: sent.id,
      // The outbox keeps no copy of what users wrote: the words live in messages only.
      message: { id: sent.id, text: null, senderId: provider.id, isRead: false },
      participants: { clientId: client.id, providerId: provider.id },
    });
    expect(JSON.stringify(await recorded())).not.toContain('Hello there');
    // The live event carries the words to the screens.
    await expect
      .poll(() => chat.seen)
      .toEqual([{ type: 'message', message: expect.objectContaining({ id: sent.id, text: 'Hello there' }) }]);
    expect(clientInbox.seen).toEqual([
      expect.objectContaining({ type: 'changed', conversationId, lastMessage: 'Hello there', unreadDelta: 1 }),
    ]);
    expect(providerInbox.seen).toEqual([expect.objectContaining({ type: 'changed', unreadDelta: 0 })]);
    [chat, clientInbox, providerInbox].forEach((l) => l.stop());
  });

  it('negotiation steps record their event with the notice and the new state; a refused step records none', async () => {
    const chat = listen(conversationsChannels.conversation(conversationId));
    await ok(client, 'conversations.propose', { id: conversationId, price: 30, pricingType: 'fixed' });
    // The client cannot accept their own proposal.
    expect((await call(client, 'conversations.act', { id: conversationId, action: 'accept' })).status).not.toBe(200);
    await ok(provider, 'conversations.act', { id: conversationId, action: 'reject' });
    await ok(provider, 'conversations.propose', { id: conversationId, price: 35, pricingType: 'fixed' });
    await ok(client, 'conversations.act', { id: conversationId, action: 'accept' });

    const events = await recorded();
    expect(events.map((e) => e.type)).toEqual([
      'conversation.opened',
      'price.proposed',
      'price.rejected',
      'price.proposed',
      'price.accepted',
    ]);
    expect(events[4]!.payload).toMatchObject({
      amountCents: 3500,
      message: { kind: 'price_accepted' },
      state: { finalPriceCents: 3500, finalPricingType: 'fixed' },
    });
    await expect.poll(() => chat.seen.length).toBe(8);
    expect(chat.seen.at(-1)).toMatchObject({ type: 'updated', state: { finalPriceCents: 3500 } });
    chat.stop();
  });

  // The greeting is the client's own: only the provider's two messages are the client's to read.
  it('marking read records the ids it marked once, tells the other screen and the reader’s badge', async () => {
    const a = await ok(provider, 'conversations.send', { id: conversationId, text: 'One' });
    const b = await ok(provider, 'conversations.send', { id: conversationId, text: 'Two' });
    const chat = listen(conversationsChannels.conversation(conversationId));
    const clientInbox = listen(conversationsChannels.inbox(client.id));
    expect(await ok(client, 'conversations.markRead', { id: conversationId })).toEqual({ read: 2 });
    expect(await ok(client, 'conversations.markRead', { id: conversationId })).toEqual({ read: 0 });

    const reads = (await recorded()).filter((e) => e.type === 'messages.read');
    expect(reads).toHaveLength(1);
    expect(reads[0]!.payload.messageIds).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(reads[0]!.payload.count).toBe(2);
    await expect
      .poll(() => chat.seen)
      .toEqual([{ type: 'read', readerId: client.id, messageIds: expect.arrayContaining([a.id, b.id]) }]);
    expect(clientInbox.seen).toEqual([{ type: 'read', conversationId, count: 2 }]);
    [chat, clientInbox].forEach((l) => l.stop());
  });

  it('the conversation and the list say whether the other party is an admin', async () => {
    expect((await ok(client, 'conversations.get', { id: conversationId })).other.isAdmin).toBe(false);
    const list = await ok(client, 'conversations.list');
    expect(list.find((c) => c.id === conversationId)?.otherIsAdmin).toBe(false);
  });
});
