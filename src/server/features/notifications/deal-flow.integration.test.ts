import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_CATEGORY, notificationText, type NotificationKind } from '../../../domain/notifications';
import { onboardProvider, paidConversation, testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import {
  ADMIN_TEST_PASSWORD,
  createTestApp,
  signInAdmin,
  unlimitedMutations,
  type TestApp,
} from '../../testing/test-app';

/**
 * A whole deal, step by step, as the two parties live it: after each step, who was told, and what their bell says.
 * Each kind is driven by the real procedure that causes it, through its event and its durable handler.
 */
let app: TestApp;
let t: ReturnType<typeof trpcAs>;
let admin: TestUser;

beforeAll(async () => {
  app = await createTestApp(
    { ADMIN_EMAIL: 'deal-flow-admin@example.com', ADMIN_PASSWORD: ADMIN_TEST_PASSWORD },
    { mutationLimiter: unlimitedMutations },
  );
  t = trpcAs(app);
  admin = await signInAdmin(app);
});
afterAll(() => app.close());

/** The member's deal notifications, newest first (the badges and quests a deal earns are progression's to test). */
async function kindsOf(user: TestUser): Promise<NotificationKind[]> {
  await app.events.drain();
  const { items } = await t.ok(user, 'notifications.list', {});
  return items.map((item) => item.kind).filter((kind) => NOTIFICATION_CATEGORY[kind] === 'deals');
}

/** What arrived since `before` (a kinds list read earlier), newest first. */
async function newKinds(user: TestUser, before: NotificationKind[]) {
  const now = await kindsOf(user);
  return now.slice(0, now.length - before.length);
}

async function parties() {
  const provider = await testUser(app, { firstName: 'Pat', lastName: 'Provider' });
  const client = await testUser(app, { firstName: 'Cleo', lastName: 'Client' });
  await onboardProvider(app, provider);
  return { provider, client };
}

/** A paid deal whose client opened a dispute. */
async function disputedDeal() {
  const { provider, client } = await parties();
  const id = await paidConversation(app, provider, client, 40);
  await t.ok(client, 'settlement.dispute', {
    conversationId: id,
    reason: 'Not as described',
    description: 'The lesson never took place.',
  });
  return { provider, client, id };
}

describe('a deal from payment to review', () => {
  it('tells the party concerned at each step, never the one who acted', async () => {
    const { provider, client } = await parties();
    const id = await paidConversation(app, provider, client, 40);
    // The request, the agreed price and the payment reach the provider.
    expect(await kindsOf(provider)).toEqual(
      expect.arrayContaining<NotificationKind>(['service_requested', 'price_accepted', 'payment_received']),
    );
    const [payment] = (await t.ok(provider, 'notifications.list', {})).items.filter(
      (i) => i.kind === 'payment_received',
    );
    expect(payment!.payload).toMatchObject({ path: `/chat/${id}`, amountCents: 4000 });
    expect(notificationText(payment!)).toMatch(/^Payment of \$40\.00 received for "Tutoring session/);
    expect(await kindsOf(client)).not.toContain('payment_received');

    let clientBefore = await kindsOf(client);
    await t.ok(provider, 'conversations.act', { id, action: 'start' });
    expect(await newKinds(client, clientBefore)).toEqual(['service_started']);

    clientBefore = await kindsOf(client);
    await t.ok(provider, 'conversations.act', { id, action: 'complete' });
    expect(await newKinds(client, clientBefore)).toEqual(['service_completed']);

    const providerBefore = await kindsOf(provider);
    clientBefore = await kindsOf(client);
    await t.ok(client, 'settlement.confirm', { conversationId: id });
    // The confirmation, then the payout it releases (test mode reports the transfer at once).
    expect((await newKinds(provider, providerBefore)).sort()).toEqual(['completion_confirmed', 'payout_sent']);
    expect(await newKinds(client, clientBefore)).toEqual([]);

    const afterPayout = await kindsOf(provider);
    await t.ok(client, 'reviews.submit', { conversationId: id, rating: 5, comment: 'Patient and clear, thank you.' });
    expect(await newKinds(provider, afterPayout)).toEqual(['review_received']);
    expect(await kindsOf(client)).not.toContain('review_received');
  });
});

describe('a deal that goes wrong', () => {
  it('a dispute is told to the other party, and its outcome to both', async () => {
    const { provider, client } = await parties();
    const id = await paidConversation(app, provider, client, 40);
    await t.ok(provider, 'conversations.act', { id, action: 'start' });
    await t.ok(provider, 'conversations.act', { id, action: 'complete' });

    let providerBefore = await kindsOf(provider);
    let clientBefore = await kindsOf(client);
    await t.ok(client, 'settlement.dispute', {
      conversationId: id,
      reason: 'Not as described',
      description: 'The lesson was about a different chapter.',
    });
    // Both hear of it, except the client who opened it.
    expect(await newKinds(provider, providerBefore)).toEqual(['dispute_opened']);
    expect(await newKinds(client, clientBefore)).toEqual([]);

    providerBefore = await kindsOf(provider);
    clientBefore = await kindsOf(client);
    // Released: the work is accepted as it stands, and the provider's share goes out.
    await t.ok(admin, 'settlement.resolveDispute', { conversationId: id, resolution: 'release' });
    expect((await newKinds(provider, providerBefore)).sort()).toEqual(['dispute_resolved', 'payout_sent']);
    expect(await newKinds(client, clientBefore)).toEqual(['dispute_resolved']);
  });

  it('a dispute ended with a refund, whole or partial: the client hears of the refund, the provider of the outcome', async () => {
    for (const resolution of ['refund', 'partial'] as const) {
      const { provider, client, id } = await disputedDeal();
      const providerBefore = await kindsOf(provider);
      const clientBefore = await kindsOf(client);
      await t.ok(admin, 'settlement.resolveDispute', {
        conversationId: id,
        resolution,
        ...(resolution === 'partial' ? { refund: 15 } : {}),
      });
      expect(await newKinds(client, clientBefore)).toEqual(['refund_issued']);
      const told = await newKinds(provider, providerBefore);
      expect(told).toContain('dispute_resolved');
      expect(told).not.toContain('refund_issued');
    }
  });

  it('a refund from the payment panel while a dispute is open ends the dispute: the provider hears of it', async () => {
    const { provider, client, id } = await disputedDeal();
    const providerBefore = await kindsOf(provider);
    const clientBefore = await kindsOf(client);
    await t.ok(admin, 'settlement.refund', { conversationId: id });
    expect(await newKinds(client, clientBefore)).toEqual(['refund_issued']);
    expect(await newKinds(provider, providerBefore)).toContain('dispute_resolved');
  });

  it('an admin refund of a paid deal tells the client', async () => {
    const { provider, client } = await parties();
    const id = await paidConversation(app, provider, client, 25);
    const clientBefore = await kindsOf(client);
    const providerBefore = await kindsOf(provider);
    await t.ok(admin, 'settlement.refund', { conversationId: id });
    expect(await newKinds(client, clientBefore)).toEqual(['refund_issued']);
    // No dispute was open: nothing was resolved to tell the provider of.
    expect(await newKinds(provider, providerBefore)).not.toContain('dispute_resolved');
  });
});

describe('what the site decides about a member', () => {
  it('a suspension is told to the member', async () => {
    const member = await testUser(app);
    await t.ok(admin, 'adminUsers.suspend', { userId: member.id, days: 1, reason: 'Spam in several rooms' });
    await app.events.drain();
    const { rows } = await app.database.db.execute<{ kind: string }>(
      sql`select kind from notifications where recipient_id = ${member.id}`,
    );
    expect(rows.map((r) => r.kind)).toEqual(['suspended']);
  });
});
