import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { SERVICE_CATEGORIES } from '../../../domain/categories';
import { payoutCents } from '../../../domain/settlement';
import { MESSAGE_XP, MESSAGE_XP_DAILY_CAP } from '../../../domain/progression/xp';
import { QUESTS } from '../../../domain/progression/quests';
import { PROGRESS_TEXTS } from '../../../domain/progression/texts';
import { MIGRATIONS_FOLDER } from '../../db/database';
import type { AppEvent } from '../../contracts/app-events';
import { durableHandlers } from '../../wiring';
import { recordEvents } from '../../events/record-events';
import { progressionChannels } from './progression.channels';
import { listen } from '../../testing/listen';
import { paidConversation, onboardProvider, testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import {
  ADMIN_TEST_PASSWORD,
  createTestApp,
  signInAdmin,
  STRONG_PASSWORD,
  unlimitedMutations,
  upload,
  type TestApp,
} from '../../testing/test-app';
import { backfillProgress, BACKFILL_LOCK_KEY, BACKFILL_RUN } from './backfill-progress';
import { onMessageSent } from './on-message-sent';
import { progressionProbe } from './progression-probe';
import type { ProgressionLiveEvent } from '../../contracts/progression-events';
import { lockProgress, reviewProgress } from './review-progress';

let app: TestApp;
const { ok } = trpcAs(() => app);

beforeAll(async () => {
  // Tests send dozens of messages as one user: the per-user mutation limit has its own tests.
  // The admin resolves disputes (a provider's completion accepted that way).
  app = await createTestApp(
    { ADMIN_EMAIL: 'progression-admin@example.com', ADMIN_PASSWORD: ADMIN_TEST_PASSWORD },
    { mutationLimiter: unlimitedMutations },
  );
});
afterAll(() => app.close());

const db = () => app.database.db;
const { progressOf, questsOf, badgesOf, grantsOf, conversationBetween, recordedMessageSent } = progressionProbe(
  () => app,
);
const questXp = (slug: string) => QUESTS.find((q) => q.slug === slug)!.xp;

/** Everything the handlers have to do, done. */
const settle = () => app.events.drain();

describe('a message sent', () => {
  it('completes first_chat once and grants its XP once, with the message XP; a replayed event awards nothing', async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    const id = await conversationBetween(provider, client);
    await settle();
    const live = listen(app.bus, progressionChannels.progression(provider.id));

    const message = await ok(provider, 'conversations.send', { id, text: 'Hi! Happy to help.' });
    await settle();
    expect(await questsOf(provider.id)).toContain('first_chat');
    const after = await progressOf(provider.id);
    // first_service (the service) and first_chat (this message), plus the message's own XP.
    expect(after.xp).toBe(questXp('first_service') + questXp('first_chat') + MESSAGE_XP);
    expect(after.ledger).toBe(after.xp);
    expect(await grantsOf(provider.id, 'message')).toEqual([
      expect.objectContaining({ source_key: message.id, amount: MESSAGE_XP }),
    ]);
    expect(live.seen).toEqual(
      expect.arrayContaining<ProgressionLiveEvent>([
        { type: 'quest-completed', slug: 'first_chat', title: 'Say Hello', xp: questXp('first_chat') },
        { type: 'xp-changed', xp: after.xp, level: 0 },
      ]),
    );
    const heard = live.seen.length;

    // The same event delivered again (a second server, a replay after a crash): nothing more.
    await recordEvents(db(), [await recordedMessageSent(message.id)]);
    await settle();
    expect(await progressOf(provider.id)).toEqual(after);
    expect((await questsOf(provider.id)).filter((q) => q === 'first_chat')).toHaveLength(1);
    // No celebration and no XP: only the open quests' counts are read again, and they are the same.
    const lastCounts = live.seen.slice(0, heard).findLast((e) => e.type === 'quest-progress');
    expect(lastCounts).toBeDefined();
    expect(live.seen.slice(heard)).toEqual([lastCounts]);
    live.stop();
  });

  it('ten messages at once award each quest once and XP sums right', async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    const id = await conversationBetween(provider, client);
    await settle();
    const before = await progressOf(client.id);
    expect(await questsOf(client.id)).toEqual(['first_chat']); // the greeting of conversations.request

    await Promise.all(Array.from({ length: 10 }, (_, i) => ok(client, 'conversations.send', { id, text: `m${i}` })));
    await settle();
    expect(await questsOf(client.id)).toEqual(['first_chat', 'social_butterfly']);
    expect(await badgesOf(client.id)).toContain('messages_10');
    const after = await progressOf(client.id);
    expect(after.xp).toBe(before.xp + 10 * MESSAGE_XP + questXp('social_butterfly'));
    expect(after.ledger).toBe(after.xp);
  });

  it('the counts of unfinished quests travel live after each message (3/10 for Social Butterfly)', async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    const id = await conversationBetween(provider, client); // the client's greeting: message 1
    await settle();
    const live = listen(app.bus, progressionChannels.progression(client.id));
    await ok(client, 'conversations.send', { id, text: 'Second' });
    await ok(client, 'conversations.send', { id, text: 'Third' });
    await settle();
    const counts = live.seen.filter((e) => e.type === 'quest-progress');
    expect(counts).toHaveLength(2);
    const last = counts.at(-1)!.quests;
    expect(last).toContainEqual({ slug: 'social_butterfly', current: 3, target: 10, percent: 30 });
    // Only the quests still open at the user's level: first_chat is done, message_master needs level 1.
    expect(last.map((q) => q.slug)).not.toContain('first_chat');
    expect(last.map((q) => q.slug)).not.toContain('message_master');
    // The same counts the page reads.
    const page = await ok(client, 'progression.get');
    for (const count of last) expect(page.quests.find((q) => q.slug === count.slug)).toMatchObject(count);
    live.stop();
  });

  it('the same event handled by two transactions at once awards once (the user_xp row lock)', async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    const id = await conversationBetween(provider, client);
    await settle();
    const message = await ok(provider, 'conversations.send', { id, text: 'Twice?' });
    const event = (await recordedMessageSent(message.id)) as Extract<AppEvent, { type: 'message.sent' }>;
    await settle();
    await db().execute(sql`delete from user_quests where user_id = ${provider.id}`);
    const before = await progressOf(provider.id);

    // Ten concurrent runs of the handler on one event, each in its own transaction (real concurrency on PostgreSQL).
    const emitted: AppEvent[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await Promise.all(
      Array.from({ length: 10 }, (_, attempt) =>
        db().transaction((tx) =>
          onMessageSent.handle({ tx, eventId: 0, attempt, emit: (e) => void emitted.push(e) }, event),
        ),
      ),
    );
    // The quests come back once (their XP is keyed by slug in the ledger: granted before, not again), and without
    // a celebration: "Quest Completed! +XP" would promise XP nobody is given. The server logs it instead.
    expect(await questsOf(provider.id)).toEqual(['first_chat', 'first_service']);
    expect(await progressOf(provider.id)).toEqual(before);
    expect(emitted.filter((e) => e.type === 'progression.quest-completed')).toEqual([]);
    expect(emitted.filter((e) => e.type === 'progression.xp-changed')).toHaveLength(0);
    const warned = warn.mock.calls.map((args) => String(args[0]));
    warn.mockRestore();
    expect(warned.filter((w) => w.includes(provider.id))).toHaveLength(2);
  });

  it(`message XP stops at ${MESSAGE_XP_DAILY_CAP} a day while quests count every message`, async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    const roomOwner = await testUser(app);
    const { id: roomId } = await ok(roomOwner, 'rooms.create', {
      name: 'Study hall',
      description: '',
      isPrivate: false,
    });
    await ok(client, 'rooms.join', { id: roomId });
    const id = await conversationBetween(provider, client);
    for (let i = 0; i < 15; i++) await ok(client, 'conversations.send', { id, text: `dm ${i}` });
    for (let i = 0; i < 15; i++) await ok(client, 'roomMessages.send', { roomId, content: `room ${i}` });
    await settle();

    const messageXp = (await grantsOf(client.id, 'message')).reduce((sum, g) => sum + g.amount, 0);
    expect(messageXp).toBe(MESSAGE_XP_DAILY_CAP);
    // 31 messages (the greeting, 15 direct, 15 in the room): all count toward quests and badges.
    expect(await questsOf(client.id)).toEqual(['first_chat', 'social_butterfly']);
    expect(await badgesOf(client.id)).toContain('messages_10');
    const after = await progressOf(client.id);
    expect(after.xp).toBe(MESSAGE_XP_DAILY_CAP + questXp('first_chat') + questXp('social_butterfly'));
    expect(after.ledger).toBe(after.xp);
  });

  it("a room's notices are not messages: joining counts as a room joined, not a message", async () => {
    const owner = await testUser(app);
    const joiner = await testUser(app);
    const rooms = [];
    for (const name of ['Art', 'Math', 'Music']) {
      rooms.push((await ok(owner, 'rooms.create', { name, description: '', isPrivate: false })).id);
    }
    for (const id of rooms) await ok(joiner, 'rooms.join', { id });
    await settle();
    expect(await questsOf(joiner.id)).toEqual(['join_chat_rooms']);
    expect(await questsOf(owner.id)).toEqual(['join_chat_rooms']);
    expect(await grantsOf(joiner.id, 'message')).toEqual([]);
  });
});

describe('the other events', () => {
  it('services, profile, avatar-less profile and portfolio award their quests and badges', async () => {
    const user = await testUser(app, { firstName: 'Ada', lastName: 'Lovelace' });
    for (let i = 0; i < 5; i++) {
      await ok(user, 'services.create', {
        title: `Lesson ${i}`,
        description: 'Programming basics for beginners.',
        category_id: SERVICE_CATEGORIES[i]!.id,
        price: 10,
        pricing_type: 'fixed',
        delivery_method: 'virtual',
        service_location: null,
        image_url: '',
      });
    }
    await ok(user, 'profiles.update', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      bio: 'I write programs for engines.',
      school: '',
      dateOfBirth: '2004-03-01',
    });
    for (let i = 0; i < 3; i++) {
      await ok(user, 'portfolio.create', { title: `Work ${i}`, description: '', imageUrl: '', projectUrl: '' });
    }
    await settle();
    const done = await questsOf(user.id);
    expect(done).toEqual(expect.arrayContaining(['first_service', 'write_bio', 'share_portfolio']));
    // service_provider needs level 1: 100 + 50 + 150 = 300 XP is still level 0.
    expect(done).not.toContain('service_provider');
    expect(done).not.toContain('complete_profile'); // no picture yet
    expect(await badgesOf(user.id)).toEqual(
      expect.arrayContaining(['first_service_created', 'services_created_5', 'versatile', 'portfolio_3']),
    );
  });

  it('a confirmed completion and a review award the provider and the reviewer', async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    await onboardProvider(app, provider);
    const id = await paidConversation(app, provider, client, 30);
    await ok(provider, 'conversations.act', { id, action: 'start' });
    await ok(provider, 'conversations.act', { id, action: 'complete' });
    await settle();
    expect(await questsOf(provider.id)).not.toContain('complete_service');
    await ok(client, 'settlement.confirm', { conversationId: id });
    await ok(client, 'reviews.submit', { conversationId: id, rating: 5, comment: 'Clear and patient help.' });
    await settle();
    expect(await questsOf(provider.id)).toEqual(expect.arrayContaining(['complete_service', 'first_review']));
    expect(await badgesOf(provider.id)).toContain('first_service_completed');
    const { rows } = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from reviews where reviewer_id = ${client.id}`,
    );
    expect(rows[0]!.n).toBe(1);
    expect((await progressOf(client.id)).ledger).toBe((await progressOf(client.id)).xp);
  });

  it('crossing 500 XP levels up once, live', async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    const id = await conversationBetween(provider, client);
    await settle();
    // 20 XP short of level 1 (an earlier grant in the ledger, and user_xp its sum, as the engine keeps them).
    const start = await progressOf(provider.id);
    const gap = 500 - start.xp - 20;
    await db().execute(sql`
      insert into xp_grants (user_id, source, source_key, amount, day)
      values (${provider.id}, 'daily_login', '2020-01-01', ${gap}, '2020-01-01')`);
    await db().execute(sql`update user_xp set xp = xp + ${gap} where user_id = ${provider.id}`);
    const live = listen(app.bus, progressionChannels.progression(provider.id));

    await ok(provider, 'conversations.send', { id, text: 'Level me up' });
    await settle();
    const after = await progressOf(provider.id);
    expect(after.xp).toBe(480 + MESSAGE_XP + questXp('first_chat'));
    expect(after.level).toBe(1);
    expect(await badgesOf(provider.id)).toContain('xp_500');
    live.stop();

    const progression = await ok(provider, 'progression.get');
    expect(progression).toMatchObject({ xp: after.xp, level: 1, levelTitle: 'Explorer', nextLevelXp: 1000 });
    expect(progression.progressPercent).toBe(Math.floor(((after.xp - 500) / 500) * 100));
    expect(progression.quests.map((q) => q.slug)).not.toContain('service_expert');
    // The level-up carries the quests level 1 opens (min level 1: message_master, service_provider), with their
    // progress, exactly as progression.get lists them: the page adds them without reading again.
    const opened = progression.quests.filter((q) => q.minLevel === 1);
    expect(opened.map((q) => q.slug)).toEqual(['message_master', 'service_provider']);
    expect(opened.find((q) => q.slug === 'service_provider')).toMatchObject({ current: 1, target: 5 });
    expect(live.seen.filter((e) => e.type === 'level-up')).toEqual([{ type: 'level-up', level: 1, quests: opened }]);
  });

  it('a profile picture completes first_avatar and, with the rest of the profile, complete_profile', async () => {
    const user = await testUser(app, { firstName: 'Grace', lastName: 'Hopper' });
    await ok(user, 'profiles.update', {
      firstName: 'Grace',
      lastName: 'Hopper',
      bio: 'I find bugs in machines.',
      school: '',
      dateOfBirth: '2004-03-01',
    });
    await settle();
    expect(await questsOf(user.id)).not.toContain('first_avatar');
    const live = listen(app.bus, progressionChannels.progression(user.id));
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#345678' } })
      .png()
      .toBuffer();
    expect((await upload(app, 'avatar', png, { cookie: user.cookie })).status).toBe(200);
    await settle();
    expect(await questsOf(user.id)).toEqual(expect.arrayContaining(['first_avatar', 'complete_profile']));
    expect(await badgesOf(user.id)).toEqual(expect.arrayContaining(['profile_picture', 'profile_complete']));
    expect(live.seen).toContainEqual<ProgressionLiveEvent>({
      type: 'quest-completed',
      slug: 'first_avatar',
      title: 'Show Your Face',
      xp: questXp('first_avatar'),
    });
    live.stop();
  });

  it('earnings_500 comes once the provider has been paid $500 in all, not before', async () => {
    const provider = await testUser(app);
    await onboardProvider(app, provider);
    // Two $300 services: the provider is paid $270 for each (the platform's 10% fee), $540 in all.
    for (const [i, price] of [300, 300].entries()) {
      const client = await testUser(app);
      const id = await paidConversation(app, provider, client, price);
      await ok(provider, 'conversations.act', { id, action: 'start' });
      await ok(provider, 'conversations.act', { id, action: 'complete' });
      await ok(client, 'settlement.confirm', { conversationId: id });
      await settle();
      const { rows } = await db().execute<{ paid: number }>(sql`
        select coalesce(sum(amount_cents), 0)::int as paid from transfers
        where provider_id = ${provider.id} and status = 'paid'`);
      expect(rows[0]!.paid).toBe(payoutCents(price * 100, 0) * (i + 1));
      if (i === 0) expect(await badgesOf(provider.id)).not.toContain('earnings_500');
    }
    expect(await badgesOf(provider.id)).toContain('earnings_500');
  });

  it('a stranger adding a user to 5 private rooms awards them nothing; joining public rooms yourself does', async () => {
    const stranger = await testUser(app);
    const member = await testUser(app);
    const live = listen(app.bus, progressionChannels.progression(member.id));
    for (let i = 0; i < 5; i++) {
      const { id } = await ok(stranger, 'rooms.create', { name: `Secret ${i}`, description: '', isPrivate: true });
      await ok(stranger, 'rooms.addMember', { id, userId: member.id });
    }
    await settle();
    expect(await questsOf(member.id)).toEqual([]);
    expect(await badgesOf(member.id)).toEqual([]);
    expect(await progressOf(member.id)).toMatchObject({ xp: 0, ledger: 0 });
    expect(live.seen).toEqual([]);
    const { rows } = await db().execute<{ added_by: string | null; invited: boolean }>(
      sql`select added_by, invited from chat_room_members where user_id = ${member.id}`,
    );
    expect(rows).toEqual(Array(5).fill({ added_by: stranger.id, invited: true }));
    // The stranger made those rooms: they are rooms the stranger chose.
    expect(await questsOf(stranger.id)).toEqual(['join_chat_rooms']);
    expect(await badgesOf(stranger.id)).toContain('rooms_5');

    const host = await testUser(app);
    for (let i = 0; i < 5; i++) {
      const { id } = await ok(host, 'rooms.create', { name: `Open ${i}`, description: '', isPrivate: false });
      await ok(member, 'rooms.join', { id });
    }
    await settle();
    expect(await questsOf(member.id)).toEqual(['join_chat_rooms']);
    expect(await badgesOf(member.id)).toEqual(['rooms_5']);
    expect(live.seen).toContainEqual<ProgressionLiveEvent>({
      type: 'quest-completed',
      slug: 'join_chat_rooms',
      title: 'Join the Conversation',
      xp: questXp('join_chat_rooms'),
    });
    live.stop();
  });
});

describe('rooms someone else added you to', () => {
  it('still earn nothing once the stranger who added you has deleted their account', async () => {
    const stranger = await testUser(app);
    const member = await testUser(app);
    for (let i = 0; i < 5; i++) {
      const { id } = await ok(stranger, 'rooms.create', { name: `Hidden ${i}`, description: '', isPrivate: true });
      await ok(stranger, 'rooms.addMember', { id, userId: member.id });
    }
    await settle();
    await ok(stranger, 'accounts.deleteAccount', { confirmEmail: stranger.email, password: STRONG_PASSWORD });
    await settle();
    // The adder is gone from the record; the invitation is not.
    const { rows } = await db().execute<{ added_by: string | null; invited: boolean }>(
      sql`select added_by, invited from chat_room_members where user_id = ${member.id}`,
    );
    expect(rows).toEqual(Array(5).fill({ added_by: null, invited: true }));

    // The member's next action that moves XP (their daily login) reviews everything they have.
    const answer = await ok(member, 'progression.checkIn', { timeZone: 'UTC' });
    await settle();
    expect(answer.awarded).not.toBeNull();
    expect(await questsOf(member.id)).toEqual([]);
    expect(await badgesOf(member.id)).toEqual([]);
    const mine = await ok(member, 'progression.get');
    expect(mine.quests.find((q) => q.slug === 'join_chat_rooms')).toMatchObject({ current: 0, completed: false });
  });

  it("0020's backfill marks as invited the memberships made before it that the user cannot have chosen", async () => {
    const host = await testUser(app);
    const legacy = await testUser(app);
    const secret = await ok(host, 'rooms.create', { name: 'Old private', description: '', isPrivate: true });
    const open = await ok(host, 'rooms.create', { name: 'Old public', description: '', isPrivate: false });
    const invitedOpen = await ok(host, 'rooms.create', { name: 'Old public 2', description: '', isPrivate: false });
    await settle();
    // As 0019 left them: no invited flag; added_by known only for rows added after 0019.
    await db().execute(sql`
      insert into chat_room_members (room_id, user_id, role, added_by) values
        (${secret.id}, ${legacy.id}, 'member', null),
        (${open.id}, ${legacy.id}, 'member', null),
        (${invitedOpen.id}, ${legacy.id}, 'member', ${host.id})`);
    await db().execute(
      sql`update chat_room_members set invited = false where room_id in (${secret.id}, ${open.id}, ${invitedOpen.id})`,
    );

    // The migration's own UPDATE, as it ran on the rows it found.
    const migration = readFileSync(path.join(MIGRATIONS_FOLDER, '0020_room_invites_and_coarse_zones.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((part) => part.includes('UPDATE'));
    expect(backfill).toBeDefined();
    await db().execute(sql.raw(backfill!));

    const { rows } = await db().execute<{ room: string; user_id: string; invited: boolean }>(sql`
      select r.name as room, m.user_id, m.invited from chat_room_members m join chat_rooms r on r.id = m.room_id
      where m.room_id in (${secret.id}, ${open.id}, ${invitedOpen.id}) order by r.name, m.user_id = ${host.id}`);
    expect(rows.map((r) => [r.room, r.user_id === host.id ? 'host' : 'legacy', r.invited])).toEqual([
      ['Old private', 'legacy', true],
      ['Old private', 'host', false],
      ['Old public', 'legacy', false],
      ['Old public', 'host', false],
      ['Old public 2', 'legacy', true],
      ['Old public 2', 'host', false],
    ]);
    // Only the public room they joined counts toward their quest.
    const mine = await ok(legacy, 'progression.get');
    expect(mine.quests.find((q) => q.slug === 'join_chat_rooms')).toMatchObject({ current: 1 });
  });
});

describe('a completion accepted by a dispute resolution', () => {
  const dispute = (client: TestUser, id: string) =>
    ok(client, 'settlement.dispute', {
      conversationId: id,
      reason: 'Not as described',
      description: 'Only half of the agreed work was delivered.',
    });

  /** A provider paid for nothing yet but already holding earnings_500, whose finished work the client disputes. */
  async function disputedWork() {
    const provider = await testUser(app);
    const client = await testUser(app);
    await onboardProvider(app, provider);
    const id = await paidConversation(app, provider, client, 100);
    await ok(provider, 'conversations.act', { id, action: 'start' });
    await ok(provider, 'conversations.act', { id, action: 'complete' });
    await dispute(client, id);
    await settle();
    // As if $500 had been earned before: the payout's own event then has nothing left to move for them.
    await db().execute(sql`insert into user_badges (user_id, badge_slug) values (${provider.id}, 'earnings_500')`);
    expect(await questsOf(provider.id)).not.toContain('complete_service');
    return { provider, client, id };
  }

  it('a release to the provider awards what a confirmation would, once, with its celebration', async () => {
    const admin = await signInAdmin(app);
    const { provider, id } = await disputedWork();
    const live = listen(app.bus, progressionChannels.progression(provider.id));
    await ok(admin, 'settlement.resolveDispute', { conversationId: id, resolution: 'release' });
    await settle();
    expect(await questsOf(provider.id)).toContain('complete_service');
    expect(await badgesOf(provider.id)).toContain('first_service_completed');
    expect(live.seen).toContainEqual<ProgressionLiveEvent>({
      type: 'quest-completed',
      slug: 'complete_service',
      title: QUESTS.find((q) => q.slug === 'complete_service')!.title,
      xp: questXp('complete_service'),
    });
    live.stop();
  });

  it('a payout catches a completion whose acceptance reached progression by no event of its own', async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    const id = await conversationBetween(provider, client);
    await settle();
    await db().execute(sql`insert into user_badges (user_id, badge_slug) values (${provider.id}, 'earnings_500')`);
    // accepted_at set with no event (a future way of accepting that forgot one), then the payout's event.
    await db().execute(sql`update conversations set accepted_at = now() where id = ${id}`);
    await recordEvents(db(), [
      {
        type: 'transfer.sent',
        transferId: 'no-such-transfer',
        amountCents: 1_000,
        actorId: null,
        conversationId: id,
        participants: { clientId: client.id, providerId: provider.id },
        message: null,
        state: null,
      } as unknown as AppEvent,
    ]);
    await settle();
    expect(await questsOf(provider.id)).toContain('complete_service');
  });

  it('a partial refund that pays the provider the rest awards it too; a full refund awards nothing', async () => {
    const admin = await signInAdmin(app);
    const partial = await disputedWork();
    await ok(admin, 'settlement.resolveDispute', { conversationId: partial.id, resolution: 'partial', refund: 40 });
    await settle();
    expect(await questsOf(partial.provider.id)).toContain('complete_service');

    const refunded = await disputedWork();
    await ok(admin, 'settlement.resolveDispute', { conversationId: refunded.id, resolution: 'refund' });
    await settle();
    expect(await questsOf(refunded.provider.id)).not.toContain('complete_service');
  });
});

describe('replays', () => {
  it('every feature event progression handles, delivered again, awards nothing', async () => {
    const types = [...new Set(durableHandlers.filter((h) => h.name.startsWith('progression.')).map((h) => h.on))];
    const { rows: recorded } = await db().execute<{ type: AppEvent['type']; payload: Record<string, unknown> }>(sql`
      select type, payload from domain_events
      where type in (select jsonb_array_elements_text(${JSON.stringify(types)}::jsonb)) order by id`);
    // The tests above made at least one of each.
    expect(new Set(recorded.map((r) => r.type))).toEqual(new Set(types));
    const snapshot = async () => {
      const { rows } = await db().execute(sql`
        select
          (select json_agg(json_build_array(user_id, xp, level) order by user_id) from user_xp) as xp,
          (select count(*)::int from user_quests) as quests,
          (select count(*)::int from user_badges) as badges,
          (select count(*)::int from xp_grants) as grants,
          (select coalesce(sum(amount), 0)::int from xp_grants) as granted,
          -- What the engine announced, but the counts of open quests: a replayed message re-reads them.
          (select count(*)::int from domain_events
            where type like 'progression.%' and type <> 'progression.quest-progress') as announced`);
      return rows[0];
    };
    const before = await snapshot();
    for (let i = 0; i < recorded.length; i += 100) {
      await recordEvents(
        db(),
        recorded.slice(i, i + 100).map((r) => ({ ...r.payload, type: r.type }) as AppEvent),
      );
      await settle();
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('progression.get', () => {
  it("shows the caller's own progress only, with the quests their level allows and the help text", async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    await conversationBetween(provider, client);
    await settle();
    const mine = await ok(client, 'progression.get');
    const theirs = await ok(provider, 'progression.get');
    expect(mine.quests.find((q) => q.slug === 'first_chat')).toMatchObject({
      completed: true,
      current: 1,
      target: 1,
      percent: 100,
    });
    expect(theirs.quests.find((q) => q.slug === 'first_chat')).toMatchObject({ completed: false, current: 0 });
    expect(theirs.quests.find((q) => q.slug === 'first_service')).toMatchObject({ completed: true });
    expect(mine.quests.every((q) => q.minLevel <= mine.level)).toBe(true);
    expect(mine.questsCompleted).toBe(1);
    expect(mine.messageXpHelp).toMatch(/a day/);
    expect(mine.badges).toEqual([]);
    expect(PROGRESS_TEXTS.questsCompleted(mine.questsCompleted, mine.quests.length)).toBe(
      `1/${mine.quests.length} completed`,
    );
  });
});

describe('backfill', () => {
  /** As if progression had shipped after their activity: no progression rows. */
  async function forget(userIds: readonly string[]) {
    for (const userId of userIds) {
      await db().execute(sql`delete from user_quests where user_id = ${userId}`);
      await db().execute(sql`delete from user_badges where user_id = ${userId}`);
      await db().execute(sql`delete from xp_grants where user_id = ${userId}`);
      await db().execute(sql`delete from user_xp where user_id = ${userId}`);
    }
  }
  const hasXpRow = async (userId: string) =>
    (await db().execute(sql`select 1 from user_xp where user_id = ${userId}`)).rows.length > 0;
  const newService = (user: TestUser) =>
    ok(user, 'services.create', {
      title: 'Chess lessons',
      description: 'Openings and endgames for beginners.',
      category_id: SERVICE_CATEGORIES[1]!.id,
      price: 12,
      pricing_type: 'fixed',
      delivery_method: 'virtual',
      service_location: null,
      image_url: '',
    });

  it('awards what earlier activity earned, silently, and only once', async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    await conversationBetween(provider, client);
    await settle();
    await forget([provider.id, client.id]);
    await db().execute(sql`delete from maintenance_runs where name = ${BACKFILL_RUN}`);
    const live = [
      listen(app.bus, progressionChannels.progression(provider.id)),
      listen(app.bus, progressionChannels.progression(client.id)),
    ];

    const result = await backfillProgress(db(), { batch: 3 });
    expect(result.status).toBe('finished');
    expect(result.reviewed).toBeGreaterThanOrEqual(2);
    expect(await questsOf(provider.id)).toEqual(['first_service']);
    expect(await questsOf(client.id)).toEqual(['first_chat']);
    expect(await progressOf(provider.id)).toMatchObject({
      xp: questXp('first_service'),
      ledger: questXp('first_service'),
    });
    // Past messages earn their quests, not message XP.
    expect(await grantsOf(client.id, 'message')).toEqual([]);
    await settle();
    expect(live.flatMap((l) => l.seen)).toEqual([]);

    // A restart: the finished run is not done again.
    await db().execute(sql`delete from user_quests where user_id = ${client.id}`);
    expect(await backfillProgress(db())).toEqual({ status: 'done-before', reviewed: 0 });
    expect(await questsOf(client.id)).toEqual([]);
    for (const l of live) l.stop();
  });

  it('a crash loses only the batch in flight: the next start resumes from the saved cursor', async () => {
    const active: TestUser[] = [];
    for (let i = 0; i < 4; i++) {
      const user = await testUser(app);
      await newService(user);
      active.push(user);
    }
    const idle = await testUser(app);
    await settle();
    await forget([...active.map((u) => u.id), idle.id]);
    await db().execute(sql`delete from maintenance_runs where name = ${BACKFILL_RUN}`);
    // In the database's own order of ids (its collation decides, as for the cursor).
    const { rows } = await db().execute<{ id: string }>(sql`
      select id from users where id in (select jsonb_array_elements_text(${JSON.stringify(active.map((u) => u.id))}::jsonb))
      order by id`);
    const [a, b, crashing, d] = rows.map((r) => r.id) as [string, string, string, string];

    // The server dies while reviewing the third of them (any error in its batch's transaction).
    await db().execute(
      sql.raw(`create function backfill_crash() returns trigger language plpgsql as $$
        begin
          if new.user_id = '${crashing.replace(/'/g, "''")}' then raise exception 'simulated crash'; end if;
          return new;
        end $$`),
    );
    await db().execute(
      sql.raw('create trigger backfill_crash before insert on user_xp for each row execute function backfill_crash()'),
    );
    try {
      await expect(backfillProgress(db(), { batch: 1, scan: 1 })).rejects.toThrow();
    } finally {
      await db().execute(sql.raw('drop trigger backfill_crash on user_xp'));
      await db().execute(sql.raw('drop function backfill_crash()'));
    }
    const { rows: saved } = await db().execute<{ cursor: string; before_crash: boolean; finished: boolean }>(sql`
      select cursor, cursor >= ${b} and cursor < ${crashing} as before_crash, finished_at is not null as finished
      from maintenance_runs where name = ${BACKFILL_RUN}`);
    expect(saved[0]).toMatchObject({ before_crash: true, finished: false });
    expect([await hasXpRow(a), await hasXpRow(b), await hasXpRow(crashing), await hasXpRow(d)]).toEqual([
      true,
      true,
      false,
      false,
    ]);

    // The next start resumes after the cursor: users before it are not looked at again (their rows, removed here,
    // stay removed), the rest are reviewed, and a user who never did anything gets no row at all.
    await forget([a, b]);
    expect((await backfillProgress(db(), { batch: 2, scan: 3 })).status).toBe('finished');
    expect([await hasXpRow(a), await hasXpRow(b)]).toEqual([false, false]);
    expect(await questsOf(crashing)).toEqual(['first_service']);
    expect(await questsOf(d)).toEqual(['first_service']);
    expect(await hasXpRow(idle.id)).toBe(false);
    expect((await backfillProgress(db())).status).toBe('done-before');
  });

  // Two connections are needed: PostgreSQL only (the embedded database is one server, by its data folder's lock, and
  // has one connection; every run above takes the lock there too).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'one server at a time: a start leaves a run to the server holding its lock',
    async () => {
      await db().execute(sql`delete from maintenance_runs where name = ${BACKFILL_RUN}`);
      const user = await testUser(app);
      await newService(user);
      await settle();
      await forget([user.id]);
      // The other server, in the middle of a batch.
      const other = await app.database.pool.connect();
      try {
        await other.query('begin');
        await other.query('select pg_advisory_xact_lock($1)', [BACKFILL_LOCK_KEY]);
        expect(await backfillProgress(db())).toEqual({ status: 'running-elsewhere', reviewed: 0 });
        expect(await hasXpRow(user.id)).toBe(false);
      } finally {
        await other.query('rollback');
        other.release();
      }
      expect((await backfillProgress(db())).status).toBe('finished');
      expect(await questsOf(user.id)).toEqual(['first_service']);
    },
  );
});

describe('the engine', () => {
  it('awards nothing to a user who no longer exists', async () => {
    const progress = await db().transaction((tx) => lockProgress(tx, 'no-such-user'));
    expect(progress).toBeNull();
  });

  it('a second review of the same stats awards nothing', async () => {
    const user = await testUser(app);
    await ok(user, 'services.create', {
      title: 'Guitar basics',
      description: 'Chords and strumming.',
      category_id: SERVICE_CATEGORIES[3]!.id,
      price: 15,
      pricing_type: 'fixed',
      delivery_method: 'virtual',
      service_location: null,
      image_url: '',
    });
    await settle();
    const again = await db().transaction(async (tx) => reviewProgress(tx, (await lockProgress(tx, user.id))!));
    expect(again).toMatchObject({ quests: [], badges: [] });
    expect(again.xp).toBe(again.xpBefore);
  });
});
