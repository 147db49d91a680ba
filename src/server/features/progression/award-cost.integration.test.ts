import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_XP_DAILY_CAP } from '../../../domain/progression/xp';
import { calendarDayIn } from '../../../domain/progression/streaks';
import { schema, type Db } from '../../db/database';
import type { AppEvent, EventOf } from '../../contracts/app-events';
import { testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import { createTestApp, unlimitedMutations, type TestApp } from '../../testing/test-app';
import { onRoomMessagePosted } from './on-room-message-posted';
import { progressionProbe } from './progression-probe';
import { loadProgressStats } from './progress-stats';

let app: TestApp;
const { ok } = trpcAs(() => app);

beforeAll(async () => {
  app = await createTestApp({}, { mutationLimiter: unlimitedMutations });
});
afterAll(() => app.close());

const db = () => app.database.db;
const settle = () => app.events.drain();
const { badgesOf, questsOf } = progressionProbe(() => app);

/** One room message of `user`, its event as the dispatcher delivers it. */
async function roomMessageOf(user: TestUser): Promise<EventOf<'room.message-posted'>> {
  const { id: roomId } = await ok(user, 'rooms.create', { name: 'Cost', description: '', isPrivate: false });
  const sent = await ok(user, 'roomMessages.send', { roomId, content: 'hello' });
  await settle();
  const { rows } = await db().execute<{ payload: Record<string, unknown> }>(
    sql`select payload from domain_events where type = 'room.message-posted' and payload ->> 'messageId' = ${sent.id}`,
  );
  return { ...rows[0]!.payload, type: 'room.message-posted' } as EventOf<'room.message-posted'>;
}

/**
 * The SQL statements the message handler runs for one more message (a new message id, so its XP key is fresh),
 * counted by Drizzle's logger on a database of its own over the same pool (begin and commit not counted).
 */
async function statementsFor(event: EventOf<'room.message-posted'>) {
  const statements: string[] = [];
  const logged = drizzle(app.database.pool, {
    schema,
    logger: { logQuery: (query) => void statements.push(query) },
  }) as unknown as Db;
  const emitted: AppEvent[] = [];
  const fresh = { ...event, messageId: randomUUID(), message: { ...event.message, id: randomUUID() } };
  await logged.transaction((tx) =>
    onRoomMessagePosted.handle({ tx, eventId: 0, attempt: 1, emit: (e) => void emitted.push(e) }, fresh),
  );
  return { statements: statements.filter((s) => !/^(begin|commit|rollback)\b/i.test(s.trim())), emitted };
}

describe('the cost of one message to progression', () => {
  it('a user who holds every message award and reached the day’s cap costs no stats statement', async () => {
    const user = await testUser(app);
    const event = await roomMessageOf(user);
    // A long-time chatter: 100 messages more, every message award held, and today's message XP spent.
    await db().execute(sql`
      insert into chat_messages (room_id, sender_id, content)
      select ${event.roomId}, ${user.id}, 'old message ' || n from generate_series(1, 100) n`);
    const day = calendarDayIn(new Date(), null);
    await db().execute(sql`
      insert into xp_grants (user_id, source, source_key, amount, day)
      values (${user.id}, 'message', 'cap-filler', ${MESSAGE_XP_DAILY_CAP}, ${day}::date)
      on conflict do nothing`);
    await db().execute(sql`
      insert into user_badges (user_id, badge_slug)
      select ${user.id}, slug from (values ('messages_10'), ('messages_50'), ('messages_100')) b(slug)
      on conflict do nothing`);
    await db().execute(sql`
      insert into user_quests (user_id, quest_id)
      select ${user.id}, id from quests where slug in ('first_chat', 'social_butterfly', 'message_master')
      on conflict do nothing`);
    const badges = await badgesOf(user.id);
    const quests = await questsOf(user.id);

    const { statements, emitted } = await statementsFor(event);
    console.info(`saturated message: ${statements.length} statements\n  ${statements.join('\n  ')}`);
    expect(emitted).toEqual([]);
    expect(await badgesOf(user.id)).toEqual(badges);
    expect(await questsOf(user.id)).toEqual(quests);
    expect(statements.some((s) => s.includes('rooms_joined'))).toBe(false);
    expect(statements.length).toBeLessThanOrEqual(3);
  });

  it('a message that still moves something is reviewed in full', async () => {
    const user = await testUser(app);
    const event = await roomMessageOf(user);
    const { statements } = await statementsFor(event);
    console.info(`open message: ${statements.length} statements\n  ${statements.join('\n  ')}`);
    expect(statements.some((s) => s.includes('rooms_joined'))).toBe(true);
  });
});

type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Subplan Name'?: string; Plans?: PlanNode[] };
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe('the stats statement', () => {
  it("reads a provider's delivered services newest first from the partial index, without sorting them", async () => {
    const user = await testUser(app);
    const captured: { query: string; params: unknown[] }[] = [];
    const logged = drizzle(app.database.pool, {
      schema,
      logger: { logQuery: (query, params) => void captured.push({ query, params }) },
    }) as unknown as Db;
    await logged.transaction((tx) => loadProgressStats(tx, user.id, { xp: 0, level: 0, streak: 0 }));
    const stats = captured.find((c) => c.query.includes('with done as'))!;
    const client = await app.database.pool.connect();
    try {
      await client.query('begin');
      // The test tables are tiny, so a sequential scan would win on cost: take it off the table to see which index
      // and which order the planner can use.
      await client.query('set local enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (format json) ${stats.query}`,
        stats.params,
      );
      const done = nodesOf(rows[0]!['QUERY PLAN'][0].Plan).find((n) => n['Subplan Name'] === 'CTE done')!;
      expect(done).toBeDefined();
      const inDone = nodesOf(done);
      expect(inDone.map((n) => n['Index Name'])).toContain('conversations_provider_accepted_idx');
      expect(inDone.map((n) => n['Node Type'])).not.toContain('Sort');
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
