/**
 * "Accept the listing price" agrees the price the client was shown. It used to agree whatever the
 * listing said at the moment of the press, so a provider could raise the price between the client opening the chat
 * and pressing Accept (or a client could never be sure what they agreed to). Now the client sends the price and
 * pricing type it showed, and the server refuses, with a clear message, when the listing no longer says that.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_MESSAGES } from '../../src/domain/negotiation';
import { conversations, messages } from '../../src/server/db/schema/conversations';
import { testUser, trpcAs, type TestUser } from '../../src/server/testing/marketplace';
import { createTestApp, type TestApp } from '../../src/server/testing/test-app';
import { validService } from './helpers';

let app: TestApp;
let provider: TestUser;
let client: TestUser;
let t: ReturnType<typeof trpcAs>;

beforeAll(async () => {
  app = await createTestApp();
  t = trpcAs(app);
  provider = await testUser(app, { firstName: 'Priya' });
  client = await testUser(app, { firstName: 'Cole' });
}, 60_000);
afterAll(() => app?.close());

/** A service at $40.00/job and the client's conversation about it, with the price the client's page shows. */
async function shownAtForty() {
  const service = await t.ok(provider, 'services.create', validService());
  const { id } = await t.ok(client, 'conversations.request', { serviceId: service.id });
  const details = await t.ok(client, 'conversations.get', { id });
  expect(details.service).toMatchObject({ priceCents: 4000, pricingType: 'fixed' });
  return { serviceId: service.id, id, shown: { priceCents: 4000, pricingType: 'fixed' as const } };
}

const reprice = (serviceId: string, price: number, pricing_type: 'fixed' | 'hourly' = 'fixed') =>
  t.ok(provider, 'services.update', {
    id: serviceId,
    fields: { ...validService(), price, pricing_type, category_id: null },
  });

const agreement = async (id: string) => {
  const [row] = await app.database.db.select().from(conversations).where(eq(conversations.id, id));
  const notices = await app.database.db.select().from(messages).where(eq(messages.conversationId, id));
  return {
    finalPriceCents: row!.finalPriceCents,
    finalPricingType: row!.finalPricingType,
    messages: notices.length,
  };
};

describe('accepting the listing price agrees the price the client was shown', () => {
  it('a price raised after the client saw it is refused with a clear message and never agreed', async () => {
    const { serviceId, id, shown } = await shownAtForty();
    await reprice(serviceId, 400);
    const before = await agreement(id);

    const refused = await t.call(client, 'conversations.acceptOriginal', { id, ...shown });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(CONVERSATION_MESSAGES.listingPriceChanged);
    // The old way of pressing the button, without the price, agrees nothing either.
    expect((await t.callRaw(client, 'conversations.act', { id, action: 'acceptOriginal' })).status).toBe(400);
    expect(await agreement(id)).toEqual(before);
    expect(before.finalPriceCents).toBeNull();

    // Once the client sees the new price, accepting it agrees exactly that.
    await t.ok(client, 'conversations.acceptOriginal', { id, priceCents: 40000, pricingType: 'fixed' });
    expect(await agreement(id)).toMatchObject({ finalPriceCents: 40000, finalPricingType: 'fixed' });
  });

  it('the same number per hour instead of per job is a different price', async () => {
    const { serviceId, id, shown } = await shownAtForty();
    await reprice(serviceId, 40, 'hourly');
    const refused = await t.call(client, 'conversations.acceptOriginal', { id, ...shown });
    expect(refused.error?.message).toBe(CONVERSATION_MESSAGES.listingPriceChanged);
    expect((await agreement(id)).finalPriceCents).toBeNull();
  });

  it('a client cannot name their own "listing price"', async () => {
    const { id } = await shownAtForty();
    for (const priceCents of [1, 3999, 4001]) {
      const refused = await t.call(client, 'conversations.acceptOriginal', { id, priceCents, pricingType: 'fixed' });
      expect(refused.status).toBe(409);
    }
    for (const bad of [{ priceCents: 40.5 }, { priceCents: -4000 }, { priceCents: '4000' }, {}]) {
      expect(
        (await t.callRaw(client, 'conversations.acceptOriginal', { id, pricingType: 'fixed', ...bad })).status,
      ).toBe(400);
    }
    expect((await agreement(id)).finalPriceCents).toBeNull();
  });

  it('the unchanged price is agreed as shown, once', async () => {
    const { id, shown } = await shownAtForty();
    const results = await Promise.all([
      t.call(client, 'conversations.acceptOriginal', { id, ...shown }),
      t.call(client, 'conversations.acceptOriginal', { id, ...shown }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const after = await agreement(id);
    expect(after).toMatchObject({ finalPriceCents: 4000, finalPricingType: 'fixed' });
    const notices = await app.database.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(notices.filter((m) => m.kind === 'original_price_accepted').map((m) => m.payload)).toEqual([
      { priceCents: 4000, pricingType: 'fixed' },
    ]);
  });

  it('the provider cannot accept their own listing price for the client', async () => {
    const { id, shown } = await shownAtForty();
    expect((await t.call(provider, 'conversations.acceptOriginal', { id, ...shown })).status).toBe(409);
    expect((await agreement(id)).finalPriceCents).toBeNull();
  });
});
