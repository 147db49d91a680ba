/**
 * Forged system notices. A notice used to be text starting with "[SYSTEM]" or "[PRICE_…]", so a
 * participant could send "[SYSTEM] Payment received, continue on WhatsApp" and the other side saw it as the
 * platform's own centred notice. Now a message's kind is a column only the server sets: whatever a participant
 * sends, and whatever fields they add, the other side receives kind 'text' with the words verbatim, and nothing in
 * the conversation's state moves.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '../../src/server/db/schema/conversations';
import { testUser, trpcAs, type TestUser } from '../../src/server/testing/marketplace';
import { createTestApp, type TestApp } from '../../src/server/testing/test-app';
import { openSocket, validRequest, validService } from './helpers';

const FORGERIES = [
  '[SYSTEM] Payment received, continue on WhatsApp',
  '[SYSTEM] Payment of $40.00 received',
  '[PRICE_ACCEPTED] Accepted $1.00/job',
  '[PRICE_ACCEPTED] Original price accepted: $1.00/job',
  '[PRICE_PROPOSAL] Proposed $1.00/job',
  '[PRICE_REJECTED] Rejected $40.00/job',
  '[SYSTEM] An admin refunded $40.00 to the client',
];

type Message = { id: string; senderId: string; kind: string; text: string | null; payload: unknown };

let app: TestApp;
let provider: TestUser;
let client: TestUser;
let t: ReturnType<typeof trpcAs>;

beforeAll(async () => {
  app = await createTestApp();
  t = trpcAs(app);
  provider = await testUser(app, { firstName: 'Priya' });
  client = await testUser(app, { firstName: 'Mallory' });
}, 60_000);
afterAll(() => app?.close());

async function conversation() {
  const service = await t.ok(provider, 'services.create', validService());
  return (await t.ok(client, 'conversations.request', { serviceId: service.id })).id;
}

const read = (who: TestUser, id: string) => t.ok(who, 'conversations.messages', { id });
const stateOf = async (id: string) => {
  const [row] = await app.database.db.select().from(conversations).where(eq(conversations.id, id));
  return {
    finalPriceCents: row!.finalPriceCents,
    paymentCompleted: row!.paidAt !== null,
    latestProposalPriceCents: row!.latestProposalPriceCents,
    cancelledAt: row!.cancelledAt,
  };
};

describe('a participant cannot forge a system notice', () => {
  it('forged notice texts reach the other side, live and on reload, as plain text messages, word for word', async () => {
    const id = await conversation();
    const before = await stateOf(id);
    const socket = await openSocket(app, provider);
    try {
      socket.ws.send(
        JSON.stringify({ id: 1, method: 'subscription', params: { path: 'conversations.events', input: { id } } }),
      );
      await expect.poll(() => socket.repliesOf(1).some((r) => r.result?.type === 'started')).toBe(true);
      // Confirmed: one forgery names WhatsApp, which the sender is asked to confirm before a deal is paid.
      for (const text of FORGERIES) await t.ok(client, 'conversations.send', { id, text, confirmDetails: true });

      const live = () =>
        socket
          .repliesOf(1)
          .map((r) => (r.result?.data as { data?: { type: string; message?: Message } } | undefined)?.data)
          .filter((e) => e?.type === 'message')
          .map((e) => e!.message!);
      await expect.poll(() => live().length).toBe(FORGERIES.length);
      expect(live().map((m) => ({ kind: m.kind, text: m.text, payload: m.payload }))).toEqual(
        FORGERIES.map((text) => ({ kind: 'text', text, payload: null })),
      );
    } finally {
      socket.close();
    }

    const seen = (await read(provider, id)).filter((m) => m.senderId === client.id).slice(1);
    expect(seen.map((m) => ({ kind: m.kind, text: m.text, payload: m.payload }))).toEqual(
      FORGERIES.map((text) => ({ kind: 'text', text, payload: null })),
    );
    // The list's preview is the user's words as written, not a notice's.
    const list = await t.ok(provider, 'conversations.list');
    expect(list.find((c) => c.id === id)?.lastMessage).toBe(FORGERIES.at(-1));
    // Saying "accepted" or "paid" changes nothing.
    expect(await stateOf(id)).toEqual(before);
  });

  it('kind, payload and sender sent along with a message are ignored: the server stores text from the sender', async () => {
    const id = await conversation();
    const forged = {
      id,
      text: 'Payment confirmed, send the work',
      kind: 'payment_received',
      payload: { amountCents: 4000 },
      senderId: provider.id,
      isRead: true,
    };
    const result = await t.call(client, 'conversations.send', forged);
    // Refusing the extra fields would do as well; storing them must not happen.
    if (result.status === 200) {
      const rows = await app.database.db.select().from(messages).where(eq(messages.conversationId, id));
      const stored = rows.find((m) => m.text === forged.text);
      expect(stored).toMatchObject({ kind: 'text', payload: null, senderId: client.id, isRead: false });
    } else {
      expect(result.status).toBe(400);
    }
    const rows = await app.database.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(rows.filter((m) => m.kind !== 'text')).toEqual([]);
    expect(await stateOf(id)).toMatchObject({ paymentCompleted: false, finalPriceCents: null });
  });

  it('an offer on a request carries its message as text, and only the price as a notice', async () => {
    const request = await t.ok(provider, 'requests.create', validRequest());
    const text = '[SYSTEM] The client confirmed the service is complete';
    // A forged field rides along on an otherwise valid input (a variable, so the compiler allows the extra key).
    const forged = {
      requestId: request.id,
      price: 20,
      pricingType: 'fixed' as const,
      message: text,
      kind: 'completion_confirmed',
    };
    const { id } = await t.ok(client, 'conversations.offer', forged);
    // Both are written in one transaction, so they share a timestamp: compared without their order.
    const seen = await read(provider, id);
    expect(seen.map((m) => ({ kind: m.kind, text: m.text, payload: m.payload }))).toEqual(
      expect.arrayContaining([
        { kind: 'text', text, payload: null },
        { kind: 'price_proposed', text: null, payload: { priceCents: 2000, pricingType: 'fixed' } },
      ]),
    );
    expect(seen).toHaveLength(2);
  });

  it('no procedure a participant can call writes a notice of their choosing', async () => {
    const id = await conversation();
    // Every message-writing input a participant has, each with a forged kind; none may store a non-text message
    // other than the server's own step notices.
    await t.callRaw(client, 'conversations.send', { id, text: 'hi', kind: 'admin_reset' });
    await t.callRaw(client, 'conversations.propose', { id, price: 30, pricingType: 'fixed', kind: 'price_accepted' });
    const rows = await app.database.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(rows.map((m) => m.kind).sort()).toEqual(['price_proposed', 'text', 'text']);
    expect(await stateOf(id)).toMatchObject({ finalPriceCents: null, latestProposalPriceCents: 3000 });
  });
});
