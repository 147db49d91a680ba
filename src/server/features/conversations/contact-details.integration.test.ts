import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../../domain/categories';
import { DETAILS_HIDDEN_TEXT } from '../../../domain/contact-details';
import { messageOriginals, messages } from '../../db/schema/conversations';
import { profiles } from '../../db/schema/profiles';
import {
  onboardProvider,
  paidConversation,
  requestedConversation,
  testUser,
  trpcAs,
  type TestUser,
} from '../../testing/marketplace';
import {
  ADMIN_TEST_PASSWORD,
  createTestApp,
  nextEvent,
  signInAdmin,
  uniqueEmail,
  type TestApp,
} from '../../testing/test-app';
import { conversationsChannels } from './conversations.channels';

let app: TestApp;
let adultProvider: TestUser;
let adultClient: TestUser;
let minorClient: TestUser;
let admin: { cookie: string; id: string };
const { call, ok } = trpcAs(() => app);

const PHONE = '07911 123456';
const ZOOM = 'https://zoom.us/j/91234567890';

beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAIL: uniqueEmail('admin'), ADMIN_PASSWORD: ADMIN_TEST_PASSWORD });
  admin = await signInAdmin(app);
  adultProvider = await testUser(app, { firstName: 'Pia', dateOfBirth: '1995-02-01' });
  adultClient = await testUser(app, { firstName: 'Carl', dateOfBirth: '1999-07-12' });
  minorClient = await testUser(app, { firstName: 'Mia', dateOfBirth: '2011-09-03' });
  await onboardProvider(app, adultProvider);
});
afterAll(() => app.close());

const openConversation = (client: TestUser) =>
  requestedConversation(app, adultProvider, client, { title: 'Guitar lessons', price: 20 });

describe('between adults', () => {
  it('asks to confirm before the deal is paid, then sends the words as typed', async () => {
    const id = await openConversation(adultClient);
    const refused = await call(adultClient, 'conversations.send', { id, text: `text me on ${PHONE}` });
    expect(refused.status).toBe(412);
    expect(refused.error?.data?.appCode).toBe('CONTACT_DETAILS_UNCONFIRMED');
    expect(refused.error?.message).toBe('Keep deals and payments on SkillNest: it protects you');
    expect((await ok(adultProvider, 'conversations.messages', { id })).map((m) => m.text)).not.toContain(
      `text me on ${PHONE}`,
    );
    const sent = await ok(adultClient, 'conversations.send', { id, text: `text me on ${PHONE}`, confirmDetails: true });
    expect(sent).toMatchObject({ text: `text me on ${PHONE}`, detailsHidden: false });
    expect((await ok(adultProvider, 'conversations.messages', { id })).at(-1)?.text).toBe(`text me on ${PHONE}`);
  });

  it('asks nothing once the deal is paid', async () => {
    const id = await paidConversation(app, adultProvider, adultClient, 30);
    const sent = await ok(adultClient, 'conversations.send', { id, text: `my number ${PHONE}` });
    expect(sent.text).toBe(`my number ${PHONE}`);
  });

  it('lets ordinary messages through without a question', async () => {
    const id = await openConversation(adultClient);
    await ok(adultClient, 'conversations.send', { id, text: 'Can we meet at 5:30? £25/hour is fine' });
  });
});

describe('where a minor is involved', () => {
  it('hides the details for everyone and keeps the original for the admin view only', async () => {
    const id = await openConversation(minorClient);
    const text = `add me on snap sam_k22 or call ${PHONE}`;
    expect((await call(minorClient, 'conversations.send', { id, text })).status).toBe(412);

    const live = nextEvent(app, conversationsChannels.conversation(id), (e) => e.type === 'message');
    const inbox = nextEvent(app, conversationsChannels.inbox(adultProvider.id));
    const sent = await ok(minorClient, 'conversations.send', { id, text, confirmDetails: true });
    expect(sent.text).toBe(`${DETAILS_HIDDEN_TEXT} or call ${DETAILS_HIDDEN_TEXT}`);
    expect(sent.detailsHidden).toBe(true);

    const seen = [
      sent,
      await live,
      await inbox,
      await ok(adultProvider, 'conversations.messages', { id }),
      await ok(minorClient, 'conversations.messages', { id }),
      // Only this conversation's row: the adults' conversations above hold details they chose to share.
      (await ok(adultProvider, 'conversations.list')).find((c) => c.id === id),
      (await ok(minorClient, 'conversations.list')).find((c) => c.id === id),
      await ok(adultProvider, 'conversations.get', { id }),
    ];
    const newest = (await ok(adultProvider, 'conversations.messages', { id })).at(-1)!;
    seen.push(
      await ok(adultProvider, 'conversations.earlierMessages', {
        id,
        before: { createdAt: new Date(Date.parse(String(newest.createdAt)) + 1000).toISOString(), id: newest.id },
      }),
    );
    for (const answer of seen) {
      expect(JSON.stringify(answer)).not.toContain('sam_k22');
      expect(JSON.stringify(answer)).not.toContain(PHONE);
      expect(JSON.stringify(answer)).not.toContain('originalText');
    }
    const list = await ok(adultProvider, 'conversations.list');
    expect(list.find((c) => c.id === id)?.lastMessage).toBe(sent.text);
    expect(newest).toMatchObject({ text: sent.text, detailsHidden: true });

    const adminView = await ok(admin, 'conversations.adminView', { id });
    expect(adminView.heldDetails).toEqual([
      expect.objectContaining({ id: sent.id, shownText: sent.text, originalTextForModeration: text }),
    ]);
  });

  it('counts an unknown age as a minor’s', async () => {
    const unknown = await testUser(app, { firstName: 'Uma' });
    await app.database.db.update(profiles).set({ dateOfBirth: null }).where(eq(profiles.id, unknown.id));
    const id = await openConversation(unknown);
    const sent = await ok(unknown, 'conversations.send', { id, text: 'email me: uma@gmail.com', confirmDetails: true });
    expect(sent.text).toBe(`email me: ${DETAILS_HIDDEN_TEXT}`);
  });

  it('once paid, a video link passes and a phone number stays hidden, without a question', async () => {
    const id = await paidConversation(app, adultProvider, minorClient, 30);
    const zoom = await ok(adultProvider, 'conversations.send', { id, text: `lesson link: ${ZOOM}` });
    expect(zoom).toMatchObject({ text: `lesson link: ${ZOOM}`, detailsHidden: false });
    const phone = await ok(adultProvider, 'conversations.send', { id, text: `or call ${PHONE}` });
    expect(phone).toMatchObject({ text: `or call ${DETAILS_HIDDEN_TEXT}`, detailsHidden: true });
    const [stored] = await app.database.db.select().from(messages).where(eq(messages.id, phone.id));
    expect(stored).toMatchObject({ text: `or call ${DETAILS_HIDDEN_TEXT}`, detailsHidden: true });
    const [original] = await app.database.db
      .select()
      .from(messageOriginals)
      .where(eq(messageOriginals.messageId, phone.id));
    expect(original?.text).toBe(`or call ${PHONE}`);
  });

  it('before payment, a video link is a detail like the others', async () => {
    const id = await openConversation(minorClient);
    const sent = await ok(adultProvider, 'conversations.send', { id, text: ZOOM, confirmDetails: true });
    expect(sent.text).toBe(DETAILS_HIDDEN_TEXT);
  });
});

describe('an offer’s message on a request', () => {
  it('asks first, and hides the details from a minor poster', async () => {
    const request = await ok(minorClient, 'requests.create', {
      title: 'Need help with French',
      description: 'Homework twice a week.',
      service_category_id: SERVICE_CATEGORIES[5]!.id,
      pricing_type: 'hourly',
      budget: '15',
      image_url: '',
    });
    const offer = { requestId: request.id, price: 15, pricingType: 'hourly' as const, message: `whatsapp ${PHONE}` };
    const refused = await call(adultProvider, 'conversations.offer', offer);
    expect(refused.error?.data?.appCode).toBe('CONTACT_DETAILS_UNCONFIRMED');
    const { id } = await ok(adultProvider, 'conversations.offer', { ...offer, confirmDetails: true });
    const seen = await ok(minorClient, 'conversations.messages', { id });
    expect(seen.map((m) => m.text)).toContain(`whatsapp ${DETAILS_HIDDEN_TEXT}`);
    expect(JSON.stringify(seen)).not.toContain(PHONE);
    const adminView = await ok(admin, 'conversations.adminView', { id });
    expect(adminView.heldDetails.map((m) => m.originalTextForModeration)).toEqual([`whatsapp ${PHONE}`]);
  });
});
