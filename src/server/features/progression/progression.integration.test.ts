import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../../domain/categories';
import { MESSAGE_XP, MESSAGE_XP_DAILY_CAP } from '../../../domain/progression/xp';
import { QUESTS } from '../../../domain/progression/quests';
import { PROGRESS_TEXTS } from '../../../domain/progression/texts';
import type { AppEvent } from '../../events/app-events';
import { recordEvents } from '../../events/record-events';
import { channels } from '../../realtime/channels';
import { listen } from '../../testing/listen';
import { paidConversation, onboardProvider, testUser, trpcAs } from '../../testing/marketplace';
import { createTestApp, unlimitedMutations, type TestApp } from '../../testing/test-app';
import { backfillProgress, BACKFILL_RUN } from './backfill-progress';
import { onMessageSent } from './on-message-sent';
import { progressionProbe } from './progression-probe';
import type { ProgressionLiveEvent } from './progression-events';
import { lockProgress, reviewProgress } from './review-progress';

let app: TestApp;
const { ok } = trpcAs(() => app);

beforeAll(async () => {
  // Tests send dozens of messages as one user: the per-user mutation limit has its own tests.
  app = await createTestApp({}, { mutationLimiter: unlimitedMutations });
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
    const live = listen(app.bus, channels.progression(provider.id));

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
    expect(live.seen).toHaveLength(heard);
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
    await Promise.all(
      Array.from({ length: 10 }, (_, attempt) =>
        db().transaction((tx) =>
          onMessageSent.handle({ tx, eventId: 0, attempt, emit: (e) => void emitted.push(e) }, event),
        ),
      ),
    );
    // The quests come back once (their XP is keyed by slug in the ledger: granted before, not again).
    expect(await questsOf(provider.id)).toEqual(['first_chat', 'first_service']);
    expect(await progressOf(provider.id)).toEqual(before);
    expect(emitted.filter((e) => e.type === 'progression.quest-completed')).toHaveLength(2);
    expect(emitted.filter((e) => e.type === 'progression.xp-changed')).toHaveLength(0);
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
    const live = listen(app.bus, channels.progression(provider.id));

    await ok(provider, 'conversations.send', { id, text: 'Level me up' });
    await settle();
    const after = await progressOf(provider.id);
    expect(after.xp).toBe(480 + MESSAGE_XP + questXp('first_chat'));
    expect(after.level).toBe(1);
    expect(await badgesOf(provider.id)).toContain('xp_500');
    expect(live.seen.filter((e) => e.type === 'level-up')).toEqual([{ type: 'level-up', level: 1 }]);
    live.stop();

    const progression = await ok(provider, 'progression.get');
    expect(progression).toMatchObject({ xp: after.xp, level: 1, levelTitle: 'Explorer', nextLevelXp: 1000 });
    expect(progression.progressPercent).toBe(Math.floor(((after.xp - 500) / 500) * 100));
    // Level 1 opens message_master and service_provider (min level 1).
    expect(progression.quests.map((q) => q.slug)).toEqual(expect.arrayContaining(['message_master']));
    expect(progression.quests.map((q) => q.slug)).not.toContain('service_expert');
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
  it('awards what earlier activity earned, silently, and only once', async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    await conversationBetween(provider, client);
    await settle();
    // As if progression had shipped after this activity: no progression rows, no finished run.
    for (const userId of [provider.id, client.id]) {
      await db().execute(sql`delete from user_quests where user_id = ${userId}`);
      await db().execute(sql`delete from user_badges where user_id = ${userId}`);
      await db().execute(sql`delete from xp_grants where user_id = ${userId}`);
      await db().execute(sql`delete from user_xp where user_id = ${userId}`);
    }
    await db().execute(sql`delete from maintenance_runs where name = ${BACKFILL_RUN}`);
    const live = [listen(app.bus, channels.progression(provider.id)), listen(app.bus, channels.progression(client.id))];

    expect(await backfillProgress(db(), { batch: 3 })).toBeGreaterThanOrEqual(2);
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
    expect(await backfillProgress(db())).toBeNull();
    expect(await questsOf(client.id)).toEqual([]);
    for (const l of live) l.stop();
  });
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
