/**
 * Contact details held back where a minor is involved: whatever a participant sends (a crafted confirmation, extra
 * fields, the longest text), the other side and every participant answer carry the masked words; the original is
 * the admin view's alone, over HTTP and over the WebSocket.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS_HIDDEN_TEXT } from '../../src/domain/contact-details';
import { MESSAGE_MAX } from '../../src/domain/negotiation';
import { messageOriginals, messages } from '../../src/server/db/schema/conversations';
import { testUser, trpcAs, type TestUser } from '../../src/server/testing/marketplace';
import { createTestApp, type TestApp } from '../../src/server/testing/test-app';
import { makeAdmin, openSocket, validService } from './helpers';

const ORIGINAL = 'whatsapp me on 07911 123456 or mia.k@gmail.com';
const SECRETS = ['07911 123456', 'mia.k@gmail.com', 'originalText'];

let app: TestApp;
let provider: TestUser;
let minor: TestUser;
let stranger: TestUser;
let admin: TestUser;
let t: ReturnType<typeof trpcAs>;
let conversationId: string;
let heldId: string;

const leaks = (answer: unknown) => SECRETS.filter((s) => JSON.stringify(answer ?? null).includes(s));

beforeAll(async () => {
  app = await createTestApp();
  t = trpcAs(app);
  provider = await testUser(app, { firstName: 'Priya', dateOfBirth: '1990-01-01' });
  minor = await testUser(app, { firstName: 'Mia', dateOfBirth: '2011-04-04' });
  stranger = await testUser(app, { firstName: 'Mallory', dateOfBirth: '1990-01-01' });
  admin = await testUser(app, { firstName: 'Ada' });
  await makeAdmin(app, admin);
  const service = await t.ok(provider, 'services.create', validService());
  conversationId = (await t.ok(minor, 'conversations.request', { serviceId: service.id })).id;
  const held = await t.ok(minor, 'conversations.send', { id: conversationId, text: ORIGINAL, confirmDetails: true });
  heldId = held.id;
}, 60_000);
afterAll(() => app?.close());

describe('sending details where a minor is involved', () => {
  it('a crafted confirmation and forged fields still store only the masked words', async () => {
    const crafted = await t.callRaw(provider, 'conversations.send', {
      id: conversationId,
      text: ORIGINAL,
      confirmDetails: true,
      originalText: null,
      detailsHidden: false,
      paid: true,
      minorInvolved: false,
    });
    expect(crafted.status).toBe(200);
    const id = (crafted.data as { id: string }).id;
    const [row] = await app.database.db.select().from(messages).where(eq(messages.id, id));
    expect(row!.text).not.toContain('07911');
    expect(row!.text).toContain(DETAILS_HIDDEN_TEXT);
    expect(row!.detailsHidden).toBe(true);
    const [original] = await app.database.db.select().from(messageOriginals).where(eq(messageOriginals.messageId, id));
    expect(original?.text).toBe(ORIGINAL);
    expect(leaks(crafted.data)).toEqual([]);
  });

  it('a confirmation that is not a boolean is refused, and no confirmation is refused with its code', async () => {
    const notBoolean = await t.callRaw(minor, 'conversations.send', {
      id: conversationId,
      text: ORIGINAL,
      confirmDetails: 'true',
    });
    expect(notBoolean.status).toBe(400);
    const unconfirmed = await t.callRaw(minor, 'conversations.send', { id: conversationId, text: ORIGINAL });
    expect(unconfirmed.status).toBe(412);
    expect(unconfirmed.error?.data?.appCode).toBe('CONTACT_DETAILS_UNCONFIRMED');
  });

  it('an oversized message is refused; the longest one full of details is masked in bounded time', async () => {
    const tooLong = await t.callRaw(minor, 'conversations.send', {
      id: conversationId,
      text: 'a'.repeat(MESSAGE_MAX + 1),
      confirmDetails: true,
    });
    expect(tooLong.status).toBe(400);
    const longest = `${'07911 123456 mia.k@gmail.com '.repeat(MESSAGE_MAX / 29)}`.slice(0, MESSAGE_MAX).trim();
    const started = performance.now();
    const sent = await t.ok(minor, 'conversations.send', { id: conversationId, text: longest, confirmDetails: true });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(leaks(sent)).toEqual([]);
  });

  it('a stranger cannot send into the conversation, confirmed or not', async () => {
    const refused = await t.callRaw(stranger, 'conversations.send', {
      id: conversationId,
      text: ORIGINAL,
      confirmDetails: true,
    });
    expect(refused.status).toBe(403);
  });
});

describe('the original is the admin view’s alone', () => {
  it('over HTTP: participants read the masked words everywhere; the admin view is refused to them', async () => {
    for (const who of [provider, minor]) {
      expect(leaks(await t.ok(who, 'conversations.messages', { id: conversationId }))).toEqual([]);
      expect(leaks(await t.ok(who, 'conversations.list'))).toEqual([]);
      expect(leaks(await t.ok(who, 'conversations.get', { id: conversationId }))).toEqual([]);
      expect((await t.callRaw(who, 'conversations.adminView', { id: conversationId })).status).toBe(403);
    }
    for (const who of [stranger, null]) {
      const refused = await t.callRaw(who, 'conversations.adminView', { id: conversationId });
      expect([401, 403]).toContain(refused.status);
      expect(leaks(refused)).toEqual([]);
      expect(leaks(await t.callRaw(who, 'conversations.messages', { id: conversationId }))).toEqual([]);
    }
    const view = await t.ok(admin, 'conversations.adminView', { id: conversationId });
    expect(view.heldDetails.find((m) => m.id === heldId)?.originalTextForModeration).toBe(ORIGINAL);
  });

  it('over the WebSocket: the live message is masked; the admin view and a stranger’s subscription are refused', async () => {
    const socket = await openSocket(app, provider);
    const adminView = await socket.call('query', 'conversations.adminView', { id: conversationId });
    expect(adminView.error?.data?.code).toBe('FORBIDDEN');
    const listed = await socket.call('query', 'conversations.messages', { id: conversationId });
    expect(leaks(listed)).toEqual([]);
    // Kept open (subscribe() stops what it starts): the message must arrive on it.
    socket.ws.send(
      JSON.stringify({
        id: 900,
        method: 'subscription',
        params: { path: 'conversations.events', input: { id: conversationId } },
      }),
    );
    await expect.poll(() => socket.repliesOf(900).some((r) => r.result?.type === 'started')).toBe(true);
    await t.ok(minor, 'conversations.send', { id: conversationId, text: ORIGINAL, confirmDetails: true });
    await expect.poll(() => JSON.stringify(socket.replies)).toContain(DETAILS_HIDDEN_TEXT);
    expect(leaks(socket.replies)).toEqual([]);
    socket.close();

    const outsider = await openSocket(app, stranger);
    const refused = await outsider.subscribe('conversations.events', { id: conversationId });
    expect(refused.error?.data?.code).toBe('FORBIDDEN');
    const refusedAdmin = await outsider.subscribe('conversations.adminEvents', { id: conversationId });
    expect(refusedAdmin.error).toBeDefined();
    expect(leaks(outsider.replies)).toEqual([]);
    outsider.close();
  });
});
