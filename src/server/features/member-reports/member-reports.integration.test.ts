import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../../domain/categories';
import { MEMBER_REPORT_LIMITS, MEMBER_REPORT_TEXTS, type ReportTargetKind } from '../../../domain/member-reports';
import { requestedConversation, testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import {
  ADMIN_TEST_PASSWORD,
  createTestApp,
  signInAdmin,
  uniqueEmail,
  unlimitedMutations,
  type TestApp,
} from '../../testing/test-app';
import { watchReportQueue, type ReportQueueStreamEvent } from './watch-report-queue';

let app: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
const { call, ok } = trpcAs(() => app);

beforeAll(async () => {
  app = await createTestApp(
    { ADMIN_EMAIL: uniqueEmail('admin'), ADMIN_PASSWORD: ADMIN_TEST_PASSWORD },
    { mutationLimiter: unlimitedMutations },
  );
  admin = await signInAdmin(app);
  alice = await testUser(app, { firstName: 'Alice', lastName: 'Reporter' });
  bob = await testUser(app, { firstName: 'Bob', lastName: 'Reported' });
  carol = await testUser(app, { firstName: 'Carol', lastName: 'Outsider' });
});
afterAll(() => app?.close());

async function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>) {
  return (await app.database.db.execute<T>(query)).rows;
}
const reportsOf = (kind: ReportTargetKind, id: string) =>
  rows<{ status: string; reporter_id: string; evidence: { text: string | null }; resolution_note: string | null }>(
    sql`select status, reporter_id, evidence, resolution_note from member_reports
      where target_kind = ${kind} and target_id = ${id} order by created_at`,
  );
const auditOf = (subjectId: string) =>
  rows<{ action: string; actor_id: string; details: Record<string, unknown> }>(
    sql`select action, actor_id, details from audit_events where subject_id = ${subjectId} order by created_at, id`,
  );
const report = (who: TestUser, targetKind: ReportTargetKind, targetId: string, description = '') =>
  call(who, 'memberReports.submit', { targetKind, targetId, reason: 'harassment', description });

async function roomWithMessage(owner: TestUser, isPrivate: boolean, content: string) {
  const room = await ok(owner, 'rooms.create', { name: `Room ${Math.random().toString(36).slice(2, 7)}`, isPrivate });
  const message = await ok(owner, 'roomMessages.send', { roomId: room.id, content });
  return { roomId: room.id, messageId: message.id };
}

async function conversationWithMessage(provider: TestUser, client: TestUser, text: string) {
  const id = await requestedConversation(app, provider, client, { title: 'Guitar lesson', price: 20 });
  const message = await ok(provider, 'conversations.send', { id, text });
  return { conversationId: id, messageId: message.id };
}

describe('a member reports what they can see', () => {
  it('a room message is kept as evidence through its edit and its deletion', async () => {
    const { messageId } = await roomWithMessage(bob, false, 'You are all idiots');
    expect((await report(alice, 'room_message', messageId, 'Insults everyone')).status).toBe(200);
    await ok(bob, 'roomMessages.edit', { messageId, content: 'Hello everyone' });
    expect((await reportsOf('room_message', messageId))[0]!.evidence.text).toBe('You are all idiots');
    await ok(bob, 'roomMessages.delete', { messageId });
    const queue = await ok(admin, 'memberReports.queue', { sort: 'newest' });
    const item = queue.find((i) => i.targetId === messageId)!;
    expect(item).toMatchObject({ reportedUserId: bob.id, reportedUserName: 'Bob Reported', count: 1 });
    expect(item.evidence.text).toBe('You are all idiots');
    expect(item.reports[0]).toMatchObject({ reporterName: 'Alice Reporter', reason: 'harassment' });
  });

  it('a room message in a private room the reporter cannot read is "not found", and nothing is written', async () => {
    const { messageId, roomId } = await roomWithMessage(bob, true, 'Members only words');
    for (const [kind, id] of [
      ['room_message', messageId],
      ['room', roomId],
    ] as const) {
      const refused = await report(carol, kind, id);
      expect([refused.status, refused.error?.message]).toEqual([404, MEMBER_REPORT_TEXTS.notFound]);
      expect(await reportsOf(kind, id)).toEqual([]);
    }
  });

  it('a direct message only in the reporter’s own conversation, and never their own', async () => {
    const { messageId } = await conversationWithMessage(bob, alice, 'Send me money on another app');
    const outsider = await report(carol, 'direct_message', messageId);
    expect([outsider.status, outsider.error?.message]).toEqual([404, MEMBER_REPORT_TEXTS.notFound]);
    const own = await report(bob, 'direct_message', messageId);
    expect([own.status, own.error?.message]).toEqual([403, MEMBER_REPORT_TEXTS.ownItem]);
    expect((await report(alice, 'direct_message', messageId)).status).toBe(200);
    expect((await reportsOf('direct_message', messageId)).map((r) => r.reporter_id)).toEqual([alice.id]);
  });

  it('one open report per reporter and item; a second is refused', async () => {
    const first = await report(alice, 'member', bob.id);
    expect(first.status).toBe(200);
    const again = await report(alice, 'member', bob.id, 'Still at it');
    expect([again.status, again.error?.message]).toEqual([409, MEMBER_REPORT_TEXTS.alreadyReported]);
    expect(await reportsOf('member', bob.id)).toHaveLength(1);
  });

  it('not oneself, not a missing member, not an oversized description', async () => {
    const self = await report(carol, 'member', carol.id);
    expect([self.status, self.error?.message]).toEqual([403, MEMBER_REPORT_TEXTS.ownItem]);
    expect((await report(carol, 'member', 'no-such-user')).status).toBe(404);
    const long = await report(carol, 'member', bob.id, 'x'.repeat(MEMBER_REPORT_LIMITS.descriptionMax + 1));
    expect(long.status).toBe(400);
    expect(await rows(sql`select 1 from member_reports where reporter_id = ${carol.id}`)).toEqual([]);
  });

  it('a review, by anyone but its author; a room they can read', async () => {
    const [review] = await rows<{ id: string }>(sql`insert into reviews (provider_id, reviewer_id, rating, comment)
      values (${carol.id}, ${bob.id}, 1, 'Terrible, do not buy') returning id`);
    expect((await report(bob, 'review', review!.id)).status).toBe(403);
    expect((await report(alice, 'review', review!.id)).status).toBe(200);
    const { roomId } = await roomWithMessage(bob, false, 'Welcome');
    expect((await report(alice, 'room', roomId)).status).toBe(200);
    expect((await reportsOf('review', review!.id))[0]!.evidence.text).toBe('Terrible, do not buy');
  });

  it(`at most ${MEMBER_REPORT_LIMITS.perHour} reports an hour per reporter`, async () => {
    const busy = await testUser(app, { firstName: 'Busy' });
    await app.database.db.execute(sql`insert into member_reports
      (reporter_id, target_kind, target_id, reported_user_id, reason, evidence)
      select ${busy.id}, 'member', 'x' || g, ${bob.id}, 'spam', '{}'::jsonb
      from generate_series(1, ${MEMBER_REPORT_LIMITS.perHour}) g`);
    const refused = await report(busy, 'member', carol.id);
    expect([refused.status, refused.error?.message]).toEqual([429, MEMBER_REPORT_TEXTS.tooMany]);
  });

  it('the reported member hears nothing of it', async () => {
    const victim = await testUser(app, { firstName: 'Quiet' });
    await report(alice, 'member', victim.id);
    await app.events.drain();
    expect(await rows(sql`select 1 from notifications where recipient_id = ${victim.id}`)).toEqual([]);
  });
});

describe('the admins’ queue', () => {
  it('groups reports per item; "most reported" puts the item with more reports first', async () => {
    const target = await testUser(app, { firstName: 'Often', lastName: 'Reported' });
    const lone = await testUser(app, { firstName: 'Once' });
    await report(alice, 'member', target.id);
    await report(carol, 'member', target.id);
    await report(alice, 'member', lone.id);
    const newest = await ok(admin, 'memberReports.queue', { sort: 'newest' });
    expect(newest[0]!.targetId).toBe(lone.id);
    const most = await ok(admin, 'memberReports.queue', { sort: 'most' });
    const item = most.find((i) => i.targetId === target.id)!;
    expect(item.count).toBe(2);
    expect(most.indexOf(item)).toBeLessThan(most.findIndex((i) => i.targetId === lone.id));
    expect(item.reports.map((r) => r.reporterName).sort()).toEqual(['Alice Reporter', 'Carol Outsider']);
  });

  it('a new report and a settled item reach an admin’s stream with the item', async () => {
    const target = await testUser(app, { firstName: 'Live' });
    const controller = new AbortController();
    const received: ReportQueueStreamEvent[] = [];
    const stream = watchReportQueue(
      { db: app.database.db, bus: app.bus, user: { id: admin.id } },
      { signal: controller.signal },
    );
    const reading = (async () => {
      for await (const event of stream) {
        if (event.data.targetId !== target.id) continue;
        received.push(event.data);
        if (event.data.item === null) break;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await report(alice, 'member', target.id, 'Rude');
    await ok(admin, 'memberReports.resolve', {
      action: 'dismiss',
      targetKind: 'member',
      targetId: target.id,
      reason: 'Not a rule break',
    });
    await reading;
    controller.abort();
    expect(received[0]!.item).toMatchObject({ count: 1, reports: [{ description: 'Rude' }] });
    expect(received.at(-1)!.item).toBeNull();
  });
});

describe('the admins’ actions, each audited with its reason, settle the item’s open reports', () => {
  it('dismiss: nothing happens to the member; the reporter may report again later', async () => {
    const target = await testUser(app, { firstName: 'Dismissed' });
    await report(alice, 'member', target.id);
    await ok(admin, 'memberReports.resolve', {
      action: 'dismiss',
      targetKind: 'member',
      targetId: target.id,
      reason: 'Fine',
    });
    expect(await reportsOf('member', target.id)).toMatchObject([{ status: 'dismissed', resolution_note: 'Fine' }]);
    expect(await auditOf(target.id)).toMatchObject([
      { action: 'member-reports.dismissed', actor_id: admin.id, details: { reason: 'Fine' } },
    ]);
    expect((await report(alice, 'member', target.id)).status).toBe(200);
    const again = await call(admin, 'memberReports.resolve', {
      action: 'dismiss',
      targetKind: 'member',
      targetId: 'nothing-open',
      reason: 'x',
    });
    expect(again.status).toBe(404);
  });

  it('remove a room message: gone for the room, evidence and audit kept', async () => {
    const sender = await testUser(app, { firstName: 'Spammer' });
    const { roomId } = await roomWithMessage(bob, false, 'Hi');
    const { id: messageId } = await ok(sender, 'roomMessages.send', { roomId, content: 'Buy followers here' });
    await report(alice, 'room_message', messageId);
    await ok(admin, 'memberReports.resolve', {
      action: 'remove',
      targetKind: 'room_message',
      targetId: messageId,
      reason: 'Spam',
    });
    expect(await rows(sql`select 1 from chat_messages where id = ${messageId}`)).toEqual([]);
    expect(await reportsOf('room_message', messageId)).toMatchObject([
      { status: 'actioned', evidence: { text: 'Buy followers here' } },
    ]);
    expect(await auditOf(sender.id)).toMatchObject([
      {
        action: 'member-reports.message-removed',
        details: { reason: 'Spam', evidence: { text: 'Buy followers here' } },
      },
    ]);
  });

  it('remove a direct message: both parties read the removed notice in its place', async () => {
    const sender = await testUser(app, { firstName: 'Scammer' });
    const { conversationId, messageId } = await conversationWithMessage(
      sender,
      alice,
      'Send the money first and I will start',
    );
    await report(alice, 'direct_message', messageId);
    await ok(admin, 'memberReports.resolve', {
      action: 'remove',
      targetKind: 'direct_message',
      targetId: messageId,
      reason: 'Off-platform payment',
    });
    for (const who of [alice, sender]) {
      const messages = await ok(who, 'conversations.messages', { id: conversationId });
      expect(messages.find((m) => m.id === messageId)?.text).toBe(MEMBER_REPORT_TEXTS.removedByModerator);
      const list = await ok(who, 'conversations.list');
      expect(list.find((c) => c.id === conversationId)?.lastMessage).toBe(MEMBER_REPORT_TEXTS.removedByModerator);
    }
    // Settled: a second action on it finds nothing open.
    const settled = await call(admin, 'memberReports.resolve', {
      action: 'dismiss',
      targetKind: 'direct_message',
      targetId: messageId,
      reason: 'x',
    });
    expect(settled.status).toBe(404);
    const refused = await call(admin, 'memberReports.resolve', {
      action: 'remove',
      targetKind: 'member',
      targetId: sender.id,
      reason: 'x',
    });
    expect(refused.status).toBe(400);
  });

  it('warn: the member gets a notification', async () => {
    const target = await testUser(app, { firstName: 'Warned' });
    await report(alice, 'member', target.id);
    await ok(admin, 'memberReports.resolve', {
      action: 'warn',
      targetKind: 'member',
      targetId: target.id,
      reason: 'Be kind',
    });
    await app.events.drain();
    expect(await rows(sql`select kind from notifications where recipient_id = ${target.id}`)).toEqual([
      { kind: 'warned' },
    ]);
    expect(await auditOf(target.id)).toMatchObject([
      { action: 'member-reports.warned', details: { reason: 'Be kind' } },
    ]);
  });

  it('mute: direct and room messages are refused, naming until when, and pass again once it ends', async () => {
    const target = await testUser(app, { firstName: 'Muted' });
    const { conversationId } = await conversationWithMessage(bob, target, 'Hello');
    const { roomId, messageId: bobsMessage } = await roomWithMessage(bob, false, 'Hello room');
    await ok(target, 'rooms.join', { id: roomId });
    const own = await ok(target, 'roomMessages.send', { roomId, content: 'Before the mute' });
    const request = await ok(bob, 'requests.create', {
      title: 'Need a poster designed',
      description: 'For the school fair.',
      service_category_id: SERVICE_CATEGORIES[1]!.id,
      pricing_type: 'fixed',
      budget: '20',
      image_url: '',
    });
    await report(alice, 'member', target.id);
    const { until } = await ok(admin, 'memberReports.resolve', {
      action: 'mute',
      targetKind: 'member',
      targetId: target.id,
      reason: 'Cool down',
      hours: 24,
    });
    expect(Date.parse(until!) - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(await ok(target, 'memberReports.myMute')).toEqual({ until });
    const direct = await call(target, 'conversations.send', { id: conversationId, text: 'Still here' });
    const room = await call(target, 'roomMessages.send', { roomId, content: 'Still here' });
    const reaction = await call(target, 'roomMessages.react', { messageId: bobsMessage, emoji: '👍' });
    // Rewriting an old message, or an offer's message to a request's poster, is writing too.
    const edit = await call(target, 'roomMessages.edit', { messageId: own.id, content: 'Rewritten while muted' });
    const offer = await call(target, 'conversations.offer', {
      requestId: request.id,
      price: 20,
      pricingType: 'fixed',
      message: 'I can do it',
    });
    for (const refused of [direct, room, reaction, edit, offer]) {
      expect(refused.status).toBe(403);
      expect(refused.error?.message).toContain(new Date(until!).toUTCString());
    }
    expect(await rows(sql`select 1 from messages where sender_id = ${target.id} and text = 'Still here'`)).toEqual([]);
    expect(await auditOf(target.id)).toMatchObject([{ action: 'member-reports.muted', details: { until } }]);
    // Its end has come.
    await app.database.db.execute(sql`update member_mutes set until = now() - interval '1 second'
      where user_id = ${target.id}`);
    expect((await call(target, 'conversations.send', { id: conversationId, text: 'Back' })).status).toBe(200);
    expect((await call(target, 'roomMessages.send', { roomId, content: 'Back' })).status).toBe(200);
    expect(await ok(target, 'memberReports.myMute')).toEqual({ until: null });
  });

  it('suspend: the admin users’ suspension, audited both as the suspension and as the reports’ action', async () => {
    const target = await testUser(app, { firstName: 'Suspended' });
    await report(alice, 'member', target.id);
    await ok(admin, 'memberReports.resolve', {
      action: 'suspend',
      targetKind: 'member',
      targetId: target.id,
      reason: 'Repeated harassment',
      days: 7,
    });
    expect(await rows(sql`select reason from user_suspensions where user_id = ${target.id}`)).toEqual([
      { reason: 'Repeated harassment' },
    ]);
    expect((await auditOf(target.id)).map((a) => a.action)).toEqual(['user.suspended', 'member-reports.suspended']);
    expect(await reportsOf('member', target.id)).toMatchObject([{ status: 'actioned' }]);
  });
});
