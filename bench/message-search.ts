/**
 * Message search at 100,000 messages (60,000 direct, 40,000 in rooms), as one member of 300 conversations and 60
 * rooms among 4,000 conversations and 400 rooms (70% public, every public room searchable by them, as
 * canReadRoomSql allows): the search query alone (features/message-search/search-messages.ts findMessages, past the
 * rate limit), p50/p95 per kind of query, on the embedded PGlite and, when BENCH_DATABASE_URL names a PostgreSQL
 * server, on a fresh database there. Goal: p95 at most 50 ms on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { MessageSearchScope } from '../src/domain/message-search';
import { migrateDatabase, openDatabase, type Database } from '../src/server/db/database';
import { findMessages } from '../src/server/features/message-search/search-messages';

export const DIRECT_MESSAGES = 60_000;
export const ROOM_MESSAGES = 40_000;
const USERS = 2_000;
const CONVERSATIONS = 4_000;
const MY_CONVERSATIONS = 300;
const ROOMS = 400;
const MY_ROOMS = 60;
const SAMPLES = 40;

/**
 * Chat words, most frequent first: each message draws 4 to 15 of them with a skew (power 3), so the first words are
 * in a large share of messages (like "the", "you", "tomorrow") and the last ones in a few dozen.
 */
const VOCABULARY = (
  'i you the to and a is it for that on we can do my me at be this so what have with your no just ok yes ' +
  'thanks hi hello tomorrow today when time meet class school homework help lesson week tonight later maybe ' +
  'please sure sounds good great cool price pay paid session online call video math maths algebra geometry ' +
  'physics chemistry biology history english spanish french german essay project deadline exam test quiz ' +
  'guitar piano drums singing dance football basketball tennis swimming chess coding python javascript ' +
  'website logo poster design drawing painting photo camera edit video editing minecraft roblox fortnite ' +
  'anime manga kpop playlist concert tickets bus train library park cafe pizza burger lunch dinner ' +
  'saturday sunday monday friday morning afternoon evening weekend holiday summer winter birthday party ' +
  'tutor tutoring revision notes slides presentation group partner team club robotics science fair ' +
  'lol omg idk btw tbh brb gg np ty thx pls ngl fr bruh vibe hype ' +
  'mia liam noah emma olivia lucas sofia leon lena jonas chloe hugo ines mateo zoe yusuf amara kenji priya ' +
  'schule hausaufgaben morgen danke bitte escuela mañana gracias tarea école demain merci devoirs ' +
  'calculus trigonometry derivative integral photosynthesis mitochondria shakespeare hamlet macbeth ' +
  'xylophone ukulele saxophone violin cello origami calligraphy pottery crochet knitting skateboard'
).split(' ');

/** Bulk rows made by the database itself, from one seed, so every run searches the same words. */
export async function generateMessages(database: Database) {
  const { db } = database;
  await migrateDatabase(db);
  await db.execute(sql`select setseed(0.31)`);
  const users = Array.from({ length: USERS }, () => randomUUID());
  const me = users[0]!;
  await db.execute(sql`
    insert into users (id, name, email) select u, 'Bench User', u || '@bench.test' from unnest(${pgArray(users)}::text[]) u`);
  await db.execute(sql`
    insert into profiles (id, first_name, last_name)
    select id, (array['Mia','Liam','Noah','Emma','Leon','Priya'])[1 + (abs(hashtext(id)) % 6)], 'Bench' from users`);
  // The member's conversations are the first MY_CONVERSATIONS; the rest are between others.
  await db.execute(sql`
    insert into conversations (participant1_id, participant2_id, subject_title, created_at)
    select case when i <= ${MY_CONVERSATIONS} then ${me} else u[1 + (i % ${USERS - 1})] end,
           u[2 + ((i * 7) % ${USERS - 1})], 'Lessons ' || i, now() - interval '1 year'
    from generate_series(1, ${CONVERSATIONS}) i, (select ${pgArray(users)}::text[] as u) users`);
  // The member blocked 10 of the people they talk to (those conversations must be skipped).
  await db.execute(sql`
    insert into user_blocks (blocker_id, blocked_id)
    select ${me}, participant2_id from conversations where participant1_id = ${me} and participant2_id <> ${me}
    group by participant2_id limit 10`);
  await db.execute(sql`
    insert into chat_rooms (name, is_private, created_by, created_at)
    select 'Room ' || i, i % 10 < 3, u[1 + (i % ${USERS})], now() - interval '1 year'
    from generate_series(1, ${ROOMS}) i, (select ${pgArray(users)}::text[] as u) users`);
  // Members: 30 each, and the member in MY_ROOMS rooms (private and public alike); banned from 5 public rooms.
  await db.execute(sql`
    insert into chat_room_members (room_id, user_id)
    select distinct r.id, u[1 + ((r.n * 31 + k * 17) % ${USERS - 1}) + 1]
    from (select id, row_number() over (order by id) as n from chat_rooms) r, generate_series(1, 30) k,
         (select ${pgArray(users)}::text[] as u) users
    on conflict do nothing`);
  await db.execute(sql`
    insert into chat_room_members (room_id, user_id)
    select id, ${me} from chat_rooms order by id limit ${MY_ROOMS} on conflict do nothing`);
  await db.execute(sql`
    insert into chat_room_bans (room_id, user_id)
    select id, ${me} from chat_rooms where not is_private order by id desc limit 5`);
  const words = pgArray(VOCABULARY);
  const text = (i: string) =>
    sql.raw(`array_to_string(array(
      select w[1 + floor(power(random(), 3) * array_length(w, 1))::int]
      from generate_series(1, 4 + ((${i} * 7) % 12))), ' ')`);
  await db.execute(sql`
    insert into messages (conversation_id, sender_id, text, created_at)
    select c.id, case when i % 2 = 0 then c.participant1_id else c.participant2_id end, ${text('i')},
           now() - ((${DIRECT_MESSAGES} - i) * interval '5 minutes')
    from generate_series(1, ${DIRECT_MESSAGES}) i
    cross join (select ${words}::text[] as w) v
    cross join (select array_agg(id order by id) as ids from conversations) all_conversations
    join conversations c on c.id = all_conversations.ids[1 + (i::bigint * 7919) % ${CONVERSATIONS}]`);
  await db.execute(sql`
    insert into chat_messages (room_id, sender_id, content, sent_at)
    select r.id, r.created_by, ${text('i')}, now() - ((${ROOM_MESSAGES} - i) * interval '7 minutes')
    from generate_series(1, ${ROOM_MESSAGES}) i
    cross join (select ${words}::text[] as w) v
    cross join (select array_agg(id order by id) as ids from chat_rooms) all_rooms
    join chat_rooms r on r.id = all_rooms.ids[1 + (i::bigint * 104729) % ${ROOMS}]`);
  // Some notices beside the words: search must pass over them.
  await db.execute(sql`
    insert into messages (conversation_id, sender_id, kind, payload)
    select id, participant2_id, 'price_proposed', '{"priceCents": 5000, "pricingType": "fixed"}'::jsonb
    from conversations limit 2000`);
  await db.execute(sql`analyze`);
  const [myRoom] = (
    await db.execute<{ id: string }>(sql`
      select room_id as id from chat_room_members where user_id = ${me} group by room_id
      order by count(*) desc, room_id limit 1`)
  ).rows;
  const [myConversation] = (
    await db.execute<{ id: string }>(sql`
      select m.conversation_id as id from messages m join conversations c on c.id = m.conversation_id
      where c.participant1_id = ${me} group by m.conversation_id order by count(*) desc limit 1`)
  ).rows;
  return { me, roomId: myRoom!.id, conversationId: myConversation!.id };
}

/** A PostgreSQL array literal as one parameter (Drizzle spreads JS arrays into a list of parameters). */
const pgArray = (values: string[]) => `{${values.map((v) => `"${v}"`).join(',')}}`;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

type Case = { name: string; query: string; scope: (ids: Ids) => MessageSearchScope; secondPage?: boolean };
type Ids = Awaited<ReturnType<typeof generateMessages>>;

/** What members type: a frequent word, a rare one, two words, a word being typed (prefix), scoped and paged. */
const CASES: Case[] = [
  { name: 'frequent word ("homework")', query: 'homework', scope: () => ({ type: 'all' }) },
  { name: 'rare word ("ukulele")', query: 'ukulele', scope: () => ({ type: 'all' }) },
  { name: 'two words ("guitar lesson")', query: 'guitar lesson', scope: () => ({ type: 'all' }) },
  { name: 'typing a prefix ("tomorrow ma")', query: 'tomorrow ma', scope: () => ({ type: 'all' }) },
  { name: 'very frequent word ("you")', query: 'you', scope: () => ({ type: 'all' }) },
  { name: 'no match ("zzzz")', query: 'zzzz', scope: () => ({ type: 'all' }) },
  { name: 'one room ("help")', query: 'help', scope: (ids) => ({ type: 'room', id: ids.roomId }) },
  {
    name: 'one conversation ("time")',
    query: 'time',
    scope: (ids) => ({ type: 'conversation', id: ids.conversationId }),
  },
  { name: 'second page ("homework")', query: 'homework', scope: () => ({ type: 'all' }), secondPage: true },
];

async function measure(database: Database, ids: Ids) {
  const actor = { id: ids.me };
  const rows: { setup?: string; query: string; p50: number; p95: number; results: number }[] = [];
  const all: number[] = [];
  for (const c of CASES) {
    const input = { query: c.query, scope: c.scope(ids) };
    const first = await findMessages(database.db, actor, input);
    const cursor = c.secondPage ? first.nextCursor : null;
    const times: number[] = [];
    let results = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const start = performance.now();
      const page = await findMessages(database.db, actor, { ...input, cursor });
      times.push(performance.now() - start);
      results = page.results.length;
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    rows.push({ query: c.name, p50: pct(times, 0.5), p95: pct(times, 0.95), results });
  }
  all.sort((a, b) => a - b);
  rows.push({ query: 'all queries', p50: pct(all, 0.5), p95: pct(all, 0.95), results: NaN });
  return rows;
}

export async function benchMessageSearch(options: { only?: 'embedded' | 'server' } = {}) {
  const results: { setup: string; rows: Awaited<ReturnType<typeof measure>>; seedSeconds: number }[] = [];
  if (options.only !== 'server') {
    const embedded = await openDatabase({ kind: 'embedded', dataDir: 'memory://' });
    const started = performance.now();
    const ids = await generateMessages(embedded);
    const seedSeconds = (performance.now() - started) / 1000;
    results.push({ setup: 'PGlite (embedded default)', rows: await measure(embedded, ids), seedSeconds });
    await embedded.close();
  }
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl && options.only !== 'embedded') {
    const name = `bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const server = await openDatabase({ kind: 'server', url: url.toString() });
    try {
      const started = performance.now();
      const ids = await generateMessages(server);
      const seedSeconds = (performance.now() - started) / 1000;
      results.push({ setup: 'PostgreSQL server', rows: await measure(server, ids), seedSeconds });
    } finally {
      await server.close();
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    }
  }
  return results;
}

export function messageSearchOptions(args: string[]) {
  const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  return { only: only === 'embedded' || only === 'server' ? only : undefined } as const;
}
