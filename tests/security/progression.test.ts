import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { TIME_ZONE_MAX } from '../../src/domain/progression/streaks';
import { testUser, type TestUser } from '../../src/server/testing/marketplace';
import { callRaw, createTestApp, TEST_ORIGIN, type TestApp } from '../../src/server/testing/test-app';
import { CATEGORY_ID, deleteOwnAccount, expectSameRows, procedureInventory, snapshot } from './helpers';

/**
 * Progression is the caller's own. Nothing a client calls names another user, awards XP, a quest or a
 * badge directly (the spec's award_xp and complete_quest_if_not_exists have no equivalent), or reads or hears
 * another user's progress; the daily check-in's one input, the time zone, is bounded, cannot be hopped to open
 * extra dates, and is kept only as a whole-hour offset that nothing returns or publishes.
 */
let app: TestApp;
let victim: TestUser;
let attacker: TestUser;

const PROGRESSION_TABLES = ['user_xp', 'user_streaks', 'user_badges', 'user_quests', 'xp_grants'];

beforeAll(async () => {
  app = await createTestApp();
  victim = await testUser(app, { firstName: 'Vera' });
  attacker = await testUser(app, { firstName: 'Mallory' });
  // The victim has progress worth stealing or spoiling: a check-in (XP, a streak) and a completed quest.
  await checkInAs(victim, { timeZone: 'Europe/Paris' });
  await callRaw(app, 'services.create', {
    method: 'POST',
    cookie: victim.cookie,
    input: {
      title: 'Chemistry homework help',
      description: 'Balancing equations and stoichiometry.',
      category_id: CATEGORY_ID,
      price: 15,
      pricing_type: 'fixed',
      delivery_method: 'virtual',
      service_location: null,
      image_url: '',
    },
  });
  await app.events.drain();
});
afterAll(() => app?.close());

const checkInAs = (who: TestUser | null, input: unknown) =>
  callRaw(app, 'progression.checkIn', { method: 'POST', input, cookie: who?.cookie });
const getAs = (who: TestUser | null, input?: unknown) =>
  callRaw(app, 'progression.get', { method: 'GET', input, cookie: who?.cookie });

async function progressRows(userId: string) {
  const { rows } = await app.database.db.execute<{ xp: number; streak: number | null; grants: number }>(sql`
    select coalesce((select xp from user_xp where user_id = ${userId}), 0) as xp,
      (select current_streak from user_streaks where user_id = ${userId}) as streak,
      (select count(*)::int from xp_grants where user_id = ${userId}) as grants`);
  return rows[0]!;
}

/** progression.events over the site's WebSocket, collecting every event it delivers. */
async function watch(who: TestUser | null, input: unknown) {
  const ws: WebSocket = await app.server.injectWS('/api/trpc', {
    headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
  });
  type Reply = { result?: { type: string; data?: { data: unknown } }; error?: { data?: { code: string } } };
  const replies: Reply[] = [];
  ws.on('message', (data) => {
    const text = String(data);
    if (text !== 'PING' && text !== 'PONG') replies.push(JSON.parse(text) as Reply);
  });
  ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'progression.events', input } }));
  await expect.poll(() => replies.length, { timeout: 5_000 }).toBeGreaterThan(0);
  return {
    first: () => replies[0]!,
    data: () => replies.filter((r) => r.result?.type === 'data').map((r) => r.result!.data!.data),
    close: () => ws.terminate(),
  };
}

describe('signed out', () => {
  it('cannot read progress, check in, or subscribe; nothing changes', async () => {
    const before = await snapshot(app, PROGRESSION_TABLES);
    expect((await getAs(null)).status).toBe(401);
    expect((await checkInAs(null, { timeZone: 'UTC' })).status).toBe(401);
    const socket = await watch(null, {});
    expect(socket.first().error?.data?.code).toBe('UNAUTHORIZED');
    socket.close();
    expectSameRows(before, await snapshot(app, PROGRESSION_TABLES), 'signed-out progression calls');
  });
});

describe("another user's progression", () => {
  it('progression.get answers the caller only, whatever user id the input names', async () => {
    const own = await getAs(attacker);
    const asked = await getAs(attacker, { userId: victim.id });
    expect(asked.status).toBe(200);
    expect(asked.data).toEqual(own.data);
    const victims = (await getAs(victim)).data as { xp: number; badges: unknown[] };
    expect(victims.xp).toBeGreaterThan(0);
    expect((asked.data as { xp: number }).xp).toBe(0);
    expect(JSON.stringify(asked.data)).not.toContain(victim.id);
  });

  it("progression.events delivers the caller's own awards only, whatever channel or user the input names", async () => {
    const socket = await watch(attacker, { userId: victim.id, channel: `progression:${victim.id}`, lastEventId: null });
    expect(socket.first().error).toBeUndefined();
    // Another user earns something live, heard on their own socket.
    const other = await testUser(app);
    const otherSocket = await watch(other, {});
    await checkInAs(other, { timeZone: 'UTC' });
    const firstDay = [
      { type: 'streak', streak: 1 },
      { type: 'xp-changed', xp: 25, level: 0 },
    ];
    // The awards, not the quest counts that may follow them (progression-events.ts).
    const awardsIn = (data: unknown[]) =>
      data.filter((d) => ['streak', 'xp-changed'].includes((d as { type: string }).type));
    await expect.poll(() => awardsIn(otherSocket.data()), { timeout: 5_000 }).toEqual(firstDay);
    await app.events.drain();
    expect(socket.data()).toEqual([]);
    // The attacker's own check-in arrives on theirs, and nothing else ever did.
    await checkInAs(attacker, { timeZone: 'UTC' });
    await expect.poll(() => awardsIn(socket.data()), { timeout: 5_000 }).toEqual(firstDay);
    socket.close();
    otherSocket.close();
  });
});

describe('the daily check-in input', () => {
  const refused: [string, unknown][] = [
    ['no input', undefined],
    ['no time zone', {}],
    ['a number', { timeZone: 42 }],
    ['null', { timeZone: null }],
    ['an empty zone', { timeZone: '' }],
    ['only spaces', { timeZone: '     ' }],
    ['one character over the maximum', { timeZone: 'A'.repeat(TIME_ZONE_MAX + 1) }],
    ['100,000 characters', { timeZone: 'Europe/'.repeat(15_000) }],
    ['an array', { timeZone: ['UTC', 'Asia/Tokyo'] }],
    ['an object', { timeZone: { name: 'UTC' } }],
    ['a NUL character', { timeZone: 'Europe/Paris\u0000' }],
  ];

  it.each(refused)('refuses %s and changes nothing', async (_what, input) => {
    const user = await testUser(app);
    await app.events.drain();
    const before = await snapshot(app, PROGRESSION_TABLES);
    const result = await checkInAs(user, input);
    expect(result.status).toBe(400);
    expect(result.error?.message).toBeTruthy();
    expectSameRows(before, await snapshot(app, PROGRESSION_TABLES), 'a refused check-in');
  });

  it('an unknown zone within the maximum is read as UTC, not stored as sent', async () => {
    const user = await testUser(app);
    const forged = `Mars/${'x'.repeat(TIME_ZONE_MAX - 5)}`;
    expect((await checkInAs(user, { timeZone: forged })).status).toBe(200);
    const { rows } = await app.database.db.execute<{ time_zone: string }>(
      sql`select time_zone from user_streaks where user_id = ${user.id}`,
    );
    expect(rows).toEqual([{ time_zone: 'UTC' }]);
  });

  it("extra fields (another user, XP, a streak, a day) are ignored: the caller's one award, the victim untouched", async () => {
    const user = await testUser(app);
    const victimBefore = await progressRows(victim.id);
    const result = await checkInAs(user, {
      timeZone: 'UTC',
      userId: victim.id,
      targetUserId: victim.id,
      xp: 100_000,
      amount: 100_000,
      streak: 365,
      day: '2000-01-01',
      lastAction: '1999-12-31',
    });
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ awarded: { xp: 25, streak: 1 }, progress: { xp: 25, level: 0 } });
    await app.events.drain();
    expect(await progressRows(user.id)).toEqual({ xp: 25, streak: 1, grants: 1 });
    expect(await progressRows(victim.id)).toEqual(victimBefore);
  });

  it('checking in again the same day, under any spelling of the same zone, awards nothing more', async () => {
    const user = await testUser(app);
    expect((await checkInAs(user, { timeZone: 'UTC' })).data).toEqual({
      awarded: { xp: 25, streak: 1 },
      progress: { xp: 25, level: 0 },
    });
    for (const timeZone of ['UTC', 'utc', 'Etc/UTC', 'Etc/GMT', '  UTC  ']) {
      expect((await checkInAs(user, { timeZone })).data, timeZone).toEqual({ awarded: null });
    }
    expect(await progressRows(user.id)).toEqual({ xp: 25, streak: 1, grants: 1 });
  });
});

describe('the time zone a check-in sends', () => {
  const zoneOf = async (userId: string) => {
    const { rows } = await app.database.db.execute<{ time_zone: string }>(
      sql`select time_zone from user_streaks where user_id = ${userId}`,
    );
    return rows[0]?.time_zone;
  };

  it.each([
    '+14:00',
    '-12:00',
    '+23:59',
    '-1200',
    'UTC+14',
    'GMT-12',
    'Etc/GMT-15',
    'Etc/GMT+13',
    '../../../etc/localtime',
    '<img src=x onerror=alert(1)>',
    "Europe/Paris'; drop table user_streaks; --",
    '\u202eEurope/Paris',
  ])('an offset-style or junk zone %j is stored as UTC', async (timeZone) => {
    const user = await testUser(app);
    const result = await checkInAs(user, { timeZone });
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ awarded: { streak: 1 } });
    expect(await zoneOf(user.id)).toBe('UTC');
  });

  it('hopping across zones at one sitting awards once', async () => {
    const user = await testUser(app);
    const zones = [
      'Etc/GMT+12',
      'UTC',
      'Pacific/Kiritimati',
      'Etc/GMT-14',
      'Asia/Kolkata',
      'America/New_York',
      'Pacific/Pago_Pago',
      'Etc/GMT+12',
    ];
    const answers = [];
    for (const timeZone of zones) {
      const result = await checkInAs(user, { timeZone });
      expect(result.status, timeZone).toBe(200);
      answers.push(result.data as { awarded: unknown });
    }
    expect(answers.filter((a) => a.awarded !== null)).toHaveLength(1);
    expect(answers[0]!.awarded).toEqual({ xp: 25, streak: 1 });
    await app.events.drain();
    expect(await progressRows(user.id)).toEqual({ xp: 25, streak: 1, grants: 1 });
    // The first zone sent stays: the others came within 24 h of that change.
    expect(await zoneOf(user.id)).toBe('Etc/GMT+12');
  });

  it('nothing returned, published or recorded contains the zone, however it was sent', async () => {
    const user = await testUser(app);
    const socket = await watch(user, {});
    const result = await checkInAs(user, { timeZone: 'Europe/Busingen' });
    expect(result.status).toBe(200);
    await expect.poll(() => socket.data().length, { timeout: 5_000 }).toBeGreaterThan(0);
    await app.events.drain();
    const stored = await zoneOf(user.id);
    expect(stored).toMatch(/^Etc\/GMT-[12]$/);
    const { rows: recorded } = await app.database.db.execute<{ payload: string }>(
      sql`select payload::text as payload from domain_events where payload ->> 'userId' = ${user.id}`,
    );
    expect(recorded.length).toBeGreaterThan(0);
    const everything = JSON.stringify([result.data, socket.data(), (await getAs(user)).data, recorded]);
    socket.close();
    for (const fragment of ['Busingen', 'Europe', stored!, 'GMT', 'time_zone', 'timeZone', 'zone']) {
      expect(everything, fragment).not.toContain(fragment);
    }
  });
});

describe('rooms someone else adds a user to', () => {
  const asUser = (who: TestUser, path: string, input: unknown) =>
    callRaw(app, path, { method: 'POST', cookie: who.cookie, input });

  it('earn the user nothing, even after every account that added them is deleted', async () => {
    const minor = await testUser(app, { firstName: 'Mina' });
    // Throw-away accounts, one room each: each makes its private room and pulls the user in.
    const puppets: TestUser[] = [];
    for (let i = 0; i < 5; i++) {
      const puppet = await testUser(app);
      const room = await asUser(puppet, 'rooms.create', { name: `Secret club ${i}`, description: '', isPrivate: true });
      expect(room.status).toBe(200);
      const added = await asUser(puppet, 'rooms.addMember', { id: (room.data as { id: string }).id, userId: minor.id });
      expect(added.status).toBe(200);
      puppets.push(puppet);
    }
    await app.events.drain();
    for (const puppet of puppets) expect((await deleteOwnAccount(app, puppet)).status).toBe(200);
    await app.events.drain();

    // The user's own daily login reviews everything they have: the rooms are still theirs, but not chosen.
    expect((await checkInAs(minor, { timeZone: 'UTC' })).status).toBe(200);
    await app.events.drain();
    const { rows } = await app.database.db.execute<{ rooms: number; awards: number }>(sql`
      select (select count(*)::int from chat_room_members where user_id = ${minor.id}) as rooms,
        (select count(*)::int from user_quests where user_id = ${minor.id})
          + (select count(*)::int from user_badges where user_id = ${minor.id}) as awards`);
    expect(rows[0]).toEqual({ rooms: 5, awards: 0 });
    expect(await progressRows(minor.id)).toEqual({ xp: 25, streak: 1, grants: 1 });
  });
});

describe('what the database itself refuses (0020)', () => {
  it('a place name as the stored zone, whoever writes it (an old server during a rolling deploy)', async () => {
    const { rows } = await app.database.db.execute<{ time_zone: string }>(
      sql`select time_zone from user_streaks where user_id = ${victim.id}`,
    );
    for (const zone of ['Europe/Paris', 'Europe/Busingen', 'Etc/GMT+13', 'Etc/GMT-15', 'Etc/GMT+0', 'utc']) {
      await expect(
        app.database.db.execute(sql`update user_streaks set time_zone = ${zone} where user_id = ${victim.id}`),
        zone,
      ).rejects.toThrow();
    }
    const { rows: after } = await app.database.db.execute<{ time_zone: string }>(
      sql`select time_zone from user_streaks where user_id = ${victim.id}`,
    );
    expect(after).toEqual(rows);
  });
});

describe('no call awards anything directly', () => {
  it('progression offers only get, checkIn and events: no award_xp, complete_quest or streak update', () => {
    const paths = procedureInventory()
      .filter((p) => p.path.startsWith('progression.'))
      .map((p) => `${p.path} ${p.type} ${p.guard}`);
    expect(paths).toEqual([
      'progression.checkIn mutation authed',
      'progression.events subscription authed',
      'progression.get query authed',
    ]);
    // Matched on the camelCase words of each name, so "export" does not read as XP.
    const words = procedureInventory().map((p) => p.path.split(/[.]|(?=[A-Z])/).map((w) => w.toLowerCase()));
    const awarding = words.filter(
      (w) => w.join('').includes('completequest') || w.some((word) => /^(award|xp|badge|badges|streak)/.test(word)),
    );
    expect(awarding.map((w) => w.join(' '))).toEqual([]);
  });
});
