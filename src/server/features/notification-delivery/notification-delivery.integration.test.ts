import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../../domain/categories';
import { DEFAULT_NOTIFICATION_SETTINGS, DIGEST_TEXTS } from '../../../domain/notification-preferences';
import type { EmailContent } from '../../mail/email-content';
import { createPushSender } from '../../push/push-sender';
import { testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import { createTestApp, unlimitedMutations, type TestApp } from '../../testing/test-app';
import { createMailSender } from '../../mail/mail-sender';
import { createMailTransport } from '../../mail/mail-transport';
import { rawHeader, startSmtpInbox, type SmtpInbox } from '../../testing/smtp-inbox';
import { sendMissedActivity } from './send-missed-activity';

let app: TestApp;
let inbox: SmtpInbox;
const { ok } = trpcAs(() => app);
beforeAll(async () => {
  app = await createTestApp({}, { mutationLimiter: unlimitedMutations });
  inbox = await startSmtpInbox();
});
afterAll(async () => {
  await inbox.close();
  await app.close();
});

const db = () => app.database.db;
const settle = () => app.events.drain();
const config = { MAIL_BATCH_MINUTES: 10 };
/** When the batch window of everything pending now has ended. */
const afterWindow = () => new Date(Date.now() + 11 * 60_000);

async function conversation(provider: TestUser, client: TestUser) {
  const service = await ok(provider, 'services.create', {
    title: `Essay feedback ${Math.random().toString(36).slice(2, 7)}`,
    description: 'Comments on structure and grammar.',
    category_id: SERVICE_CATEGORIES[1]!.id,
    price: 30,
    pricing_type: 'fixed',
    delivery_method: 'virtual',
    service_location: null,
    image_url: '',
  });
  const { id } = await ok(client, 'conversations.request', { serviceId: service.id });
  await settle();
  return id;
}

/** The provider proposes a price: the client's price_proposed item, and whatever it sends beyond the bell. */
async function proposal(provider: TestUser, client: TestUser, id?: string, { verified = true } = {}) {
  // Only a verified address is sent notification email (its owner opened the sign-up link, as tests do here).
  if (verified) await db().execute(sql`update users set email_verified = true where id = ${client.id}`);
  const conversationId = id ?? (await conversation(provider, client));
  await ok(provider, 'conversations.propose', { id: conversationId, price: 55, pricingType: 'fixed' });
  await settle();
  return conversationId;
}

async function mailTo(userId: string) {
  const { rows } = await db().execute<{ subject: string; content: EmailContent }>(
    sql`select subject, content from mail_outbox where user_id = ${userId} and content ->> 'heading' = ${DIGEST_TEXTS.heading}
        order by created_at`,
  );
  return rows;
}

async function pushesTo(userId: string) {
  const { rows } = await db().execute<{ payload: { body: string; url: string } }>(
    sql`select payload from push_outbox where user_id = ${userId}`,
  );
  return rows.map((r) => r.payload);
}

async function addDevice(userId: string, endpoint: string) {
  await db().execute(sql`insert into push_subscriptions (user_id, session_id, endpoint, p256dh, auth)
    select ${userId}, id, ${endpoint}, 'BPb0', 'YXV0aA' from sessions where user_id = ${userId} limit 1`);
}

describe('the missed-activity email', () => {
  it('lists what is still unread when the window ends, once, with its kind to unsubscribe from', async () => {
    const provider = await testUser(app, { firstName: 'Rae', lastName: 'Provider' });
    const client = await testUser(app);
    const id = await proposal(provider, client);
    // Not before the window ends.
    expect(await sendMissedActivity({ db: db(), config })).toBe(0);
    expect(await sendMissedActivity({ db: db(), config }, afterWindow())).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = await mailTo(client.id);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toMatch(/^Rae Provider proposed \$55\.00 for "Essay feedback/);
    expect(mail!.content.items).toEqual([{ text: mail!.subject, url: `/chat/${id}` }]);
    expect(mail!.content.unsubscribe?.url).toBe(`/unsubscribe?k=price_proposed&u=${client.id}`);
    // Nothing new: no second email.
    await sendMissedActivity({ db: db(), config }, new Date(Date.now() + 30 * 60_000));
    expect(await mailTo(client.id)).toHaveLength(1);
  });

  it('reaches a real SMTP server as one email listing several kinds, whose one click turns Email Updates off', async () => {
    const provider = await testUser(app, { firstName: 'Uma', lastName: 'Provider' });
    const client = await testUser(app);
    const id = await proposal(provider, client);
    await ok(provider, 'conversations.send', { id, text: 'Shall we talk about it?' });
    await settle();
    await sendMissedActivity({ db: db(), config }, afterWindow());
    const mailConfig = { ...app.config, SMTP_URL: inbox.url };
    const transport = createMailTransport(mailConfig, () => {});
    const sender = createMailSender({ db: db(), transport, config: mailConfig });
    while ((await sender.sendDue()) > 0);
    transport.close();
    const mail = inbox.received.find((m) => m.text?.includes(`/chat/${id}`) && m.subject?.startsWith('You have'));
    expect(mail?.subject).toBe('You have 2 new notifications');
    expect(mail?.text).toContain(`Uma Provider proposed $55.00 for "Essay feedback`);
    expect(mail?.text).toContain(`${app.config.PUBLIC_URL}/chat/${id}`);
    expect(rawHeader(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(.+)>$/.exec(rawHeader(mail!, 'list-unsubscribe') ?? '')![1]!;
    expect(link).toContain(`/unsubscribe?k=all&u=${client.id}&s=`);
    const posted = await app.server.inject({
      method: 'POST',
      url: link.slice(app.config.PUBLIC_URL.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    expect(await ok(client, 'notificationSettings.get')).toMatchObject({ settings: { emailEnabled: false } });
  });

  it('"In the app" off: the item is written already read (no bell), and its email still goes', async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    await ok(client, 'notificationSettings.update', {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      kinds: { price_proposed: { inApp: false, email: true, push: true } },
    });
    await proposal(provider, client);
    const { items } = await ok(client, 'notifications.list', {});
    const item = items.find((i) => i.kind === 'price_proposed');
    expect(item?.readAt).not.toBeNull();
    // The bell counts the others only (a quest the first conversation completed may be there).
    const unread = items.filter((i) => i.readAt === null).length;
    expect((await ok(client, 'notifications.unreadCount')).count).toBe(unread);
    await sendMissedActivity({ db: db(), config }, afterWindow());
    expect(await mailTo(client.id)).toHaveLength(1);
  });

  it("is never sent to an address nobody verified: anyone can sign up with someone else's", async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    await proposal(provider, client, undefined, { verified: false });
    await sendMissedActivity({ db: db(), config }, afterWindow());
    expect(await mailTo(client.id)).toHaveLength(0);
  });

  it('drops what was read meanwhile, and sends nothing when all was read', async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    await proposal(provider, client);
    await ok(client, 'notifications.markAllRead');
    await settle();
    await sendMissedActivity({ db: db(), config }, afterWindow());
    expect(await mailTo(client.id)).toHaveLength(0);
  });

  it('waits while the member is active in the app, and through their quiet hours', async () => {
    const provider = await testUser(app);
    const active = await testUser(app);
    await proposal(provider, active);
    await db().execute(sql`insert into presence (user_id, online_at) values (${active.id}, ${afterWindow()})
      on conflict (user_id) do update set online_at = excluded.online_at`);
    await sendMissedActivity({ db: db(), config }, afterWindow());
    expect(await mailTo(active.id)).toHaveLength(0);

    const sleeping = await testUser(app);
    await ok(sleeping, 'notificationSettings.update', {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      // Quiet all day but the last minute: whenever this runs, it is quiet.
      quietHours: { start: 0, end: 1439 },
      timeZone: 'UTC',
    });
    await proposal(provider, sleeping);
    const at = afterWindow();
    if (at.getUTCHours() * 60 + at.getUTCMinutes() < 1439) {
      await sendMissedActivity({ db: db(), config }, at);
      expect(await mailTo(sleeping.id)).toHaveLength(0);
      const { rows } = await db().execute<{ pending_since: string }>(
        sql`select pending_since from activity_digests where user_id = ${sleeping.id}`,
      );
      expect(new Date(rows[0]!.pending_since).getTime()).toBeGreaterThan(at.getTime() - 10 * 60_000);
    }
  });

  it("follows the member's choice: a kind's email off sends no email about it", async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    await ok(client, 'notificationSettings.update', {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      kinds: { price_proposed: { inApp: true, email: false, push: false } },
    });
    await proposal(provider, client);
    await sendMissedActivity({ db: db(), config }, afterWindow());
    expect(await mailTo(client.id)).toHaveLength(0);
    // Still in the bell.
    const { items } = await ok(client, 'notifications.list', {});
    expect(items.map((i) => i.kind)).toContain('price_proposed');
  });
});

describe('push', () => {
  it('goes to every device of the member, not in quiet hours or when turned off, and a gone device is forgotten', async () => {
    const provider = await testUser(app, { firstName: 'Sol', lastName: 'Provider' });
    const client = await testUser(app);
    // No device: nothing queued.
    const id = await proposal(provider, client);
    expect(await pushesTo(client.id)).toEqual([]);

    await addDevice(client.id, 'https://fcm.googleapis.com/fcm/send/phone');
    await addDevice(client.id, 'https://updates.push.services.mozilla.com/wpush/v2/gone');
    await proposal(provider, client, id);
    const [push, ...others] = await pushesTo(client.id);
    expect(others).toEqual([]);
    expect(push).toMatchObject({ url: `/chat/${id}` });
    expect(push!.body).toMatch(/^Sol Provider proposed \$55\.00/);

    const sent: string[] = [];
    const sender = createPushSender({
      db: db(),
      vapid: { publicKey: 'x', privateKey: 'y', subject: 'mailto:a@b.test' },
      async send(subscription, payload) {
        sent.push(`${subscription.endpoint} ${JSON.parse(payload).url}`);
        if (subscription.endpoint.endsWith('/gone')) throw Object.assign(new Error('Gone'), { statusCode: 410 });
        return { statusCode: 201 };
      },
    });
    expect(await sender.sendDue()).toBe(1);
    expect(sent.sort()).toEqual([
      `https://fcm.googleapis.com/fcm/send/phone /chat/${id}`,
      `https://updates.push.services.mozilla.com/wpush/v2/gone /chat/${id}`,
    ]);
    const { rows } = await db().execute<{ endpoint: string }>(
      sql`select endpoint from push_subscriptions where user_id = ${client.id}`,
    );
    expect(rows.map((r) => r.endpoint)).toEqual(['https://fcm.googleapis.com/fcm/send/phone']);
    expect(await pushesTo(client.id)).toEqual([]);

    // Push Notifications off: nothing more.
    await ok(client, 'notificationSettings.update', { ...DEFAULT_NOTIFICATION_SETTINGS, pushEnabled: false });
    await proposal(provider, client, id);
    expect(await pushesTo(client.id)).toEqual([]);
    // Quiet hours: nothing either.
    await ok(client, 'notificationSettings.update', {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      quietHours: { start: 0, end: 1439 },
      timeZone: 'UTC',
    });
    const now = new Date();
    await proposal(provider, client, id);
    if (now.getUTCHours() * 60 + now.getUTCMinutes() < 1438) expect(await pushesTo(client.id)).toEqual([]);
  });
});
