import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressionChannels } from './progression.channels';
import { listen } from '../../testing/listen';
import { testUser, trpcAs } from '../../testing/marketplace';
import { createTestApp, unlimitedMutations, type TestApp } from '../../testing/test-app';
import { checkIn } from './check-in';
import { progressionProbe } from './progression-probe';
import type { ProgressionLiveEvent } from '../../contracts/progression-events';

let app: TestApp;
const { ok } = trpcAs(() => app);

beforeAll(async () => {
  app = await createTestApp({}, { mutationLimiter: unlimitedMutations });
});
afterAll(() => app.close());

const db = () => app.database.db;
const { progressOf, grantsOf, conversationBetween } = progressionProbe(() => app);
const settle = () => app.events.drain();

describe('daily login', () => {
  const deps = () => ({ db: db(), events: app.events });
  const at = (iso: string) => new Date(iso);

  async function streakRow(userId: string) {
    const { rows } = await db().execute<{
      current_streak: number;
      last_action: string | null;
      time_zone: string;
      zone_changed_at: string | null;
      last_awarded_at: string | null;
      updated_at: string;
    }>(sql`
      select current_streak, to_char(last_action, 'YYYY-MM-DD') as last_action, time_zone,
        to_char(zone_changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as zone_changed_at,
        to_char(last_awarded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as last_awarded_at,
        updated_at::text as updated_at
      from user_streaks where user_id = ${userId}`);
    return rows[0];
  }

  it('awards once a day, continues the next day, and a gap starts again at 1, with the new totals', async () => {
    const user = await testUser(app);
    expect(await checkIn(deps(), user, { timeZone: 'UTC' }, at('2030-01-01T08:00:00Z'))).toEqual({
      awarded: { xp: 25, streak: 1 },
      progress: { xp: 25, level: 0 },
    });
    expect(await checkIn(deps(), user, { timeZone: 'UTC' }, at('2030-01-01T23:00:00Z'))).toEqual({ awarded: null });
    expect(await checkIn(deps(), user, { timeZone: 'UTC' }, at('2030-01-02T07:00:00Z'))).toEqual({
      awarded: { xp: 25, streak: 2 },
      progress: { xp: 50, level: 0 },
    });
    expect(await checkIn(deps(), user, { timeZone: 'UTC' }, at('2030-01-05T07:00:00Z'))).toEqual({
      awarded: { xp: 25, streak: 1 },
      progress: { xp: 75, level: 0 },
    });
    expect((await grantsOf(user.id, 'daily_login')).map((g) => g.day)).toEqual([
      '2030-01-01',
      '2030-01-02',
      '2030-01-05',
    ]);
    const progress = await progressOf(user.id);
    expect(progress.xp).toBe(75);
    expect(progress.ledger).toBe(75);
    expect(await streakRow(user.id)).toMatchObject({
      time_zone: 'UTC',
      zone_changed_at: null,
      last_awarded_at: '2030-01-05T07:00:00Z',
    });
  });

  it('the answer’s totals include what the login completed (Streak Master at 14 days)', async () => {
    const user = await testUser(app);
    await db().execute(sql`
      insert into user_streaks (user_id, current_streak, last_action, time_zone, last_awarded_at)
      values (${user.id}, 13, '2030-03-01', 'UTC', '2030-03-01T12:00:00Z')`);
    const answer = await checkIn(deps(), user, { timeZone: 'UTC' }, at('2030-03-02T12:00:00Z'));
    expect(answer).toEqual({ awarded: { xp: 50, streak: 14 }, progress: { xp: 350, level: 0 } });
    const { xp, level } = await progressOf(user.id);
    expect({ xp, level }).toEqual({ xp: 350, level: 0 });
  });

  it('stores only the zone’s whole-hour offset, never the place name', async () => {
    for (const [timeZone, stored] of [
      ['Asia/Kolkata', 'Etc/GMT-6'],
      ['Europe/Busingen', 'Etc/GMT-1'],
      ['America/Indiana/Tell_City', 'Etc/GMT+6'],
      ['Pacific/Kiritimati', 'Etc/GMT-14'],
      ['Etc/GMT+12', 'Etc/GMT+12'],
      ['Europe/London', 'UTC'],
    ] as const) {
      const user = await testUser(app);
      await checkIn(deps(), user, { timeZone }, at('2030-01-15T12:00:00Z'));
      const row = await streakRow(user.id);
      expect(row?.time_zone, timeZone).toBe(stored);
      // The place (the city, town or county) is nowhere in the row.
      if (stored !== timeZone) expect(JSON.stringify(row)).not.toContain(timeZone.split('/').at(-1)!);
    }
  });

  it('another zone within 24 h of a change is judged in the stored zone, and not stored', async () => {
    const user = await testUser(app);
    // 20:00 UTC is 05:00 on Jan 2 in Tokyo: the first login moves the zone to Etc/GMT-9.
    expect(await checkIn(deps(), user, { timeZone: 'Asia/Tokyo' }, at('2030-01-01T20:00:00Z'))).toMatchObject({
      awarded: { xp: 25, streak: 1 },
    });
    expect(await streakRow(user.id)).toMatchObject({
      time_zone: 'Etc/GMT-9',
      last_action: '2030-01-02',
      zone_changed_at: '2030-01-01T20:00:00Z',
    });
    // 20 h later from New York (Jan 2, 11:00 there): less than 24 h since the change, so Tokyo's hour decides:
    // Jan 3, 01:00, the next day.
    expect(await checkIn(deps(), user, { timeZone: 'America/New_York' }, at('2030-01-02T16:00:00Z'))).toMatchObject({
      awarded: { xp: 25, streak: 2 },
    });
    // And a third zone a minute later reads nothing new.
    expect(await checkIn(deps(), user, { timeZone: 'Pacific/Kiritimati' }, at('2030-01-02T16:01:00Z'))).toEqual({
      awarded: null,
    });
    expect(await streakRow(user.id)).toMatchObject({
      time_zone: 'Etc/GMT-9',
      last_action: '2030-01-03',
      zone_changed_at: '2030-01-01T20:00:00Z',
      last_awarded_at: '2030-01-02T16:00:00Z',
    });
    expect((await grantsOf(user.id, 'daily_login')).map((g) => g.day)).toEqual(['2030-01-02', '2030-01-03']);
  });

  it('a zone change within 20 h of an award does not award, nor change the zone; 20 h later it does', async () => {
    const user = await testUser(app);
    expect(await checkIn(deps(), user, { timeZone: 'UTC' }, at('2030-02-01T12:00:00Z'))).toMatchObject({
      awarded: { streak: 1 },
    });
    // At the same sitting, UTC-12 reads Jan 31 and UTC+14 reads Feb 2: three dates open at once. Nothing.
    for (const timeZone of ['Etc/GMT-14', 'Etc/GMT+12', 'Pacific/Kiritimati', 'Etc/GMT-14']) {
      expect(await checkIn(deps(), user, { timeZone }, at('2030-02-01T12:05:00Z')), timeZone).toEqual({
        awarded: null,
      });
    }
    expect(await streakRow(user.id)).toMatchObject({ time_zone: 'UTC', zone_changed_at: null });
    // 20 h after the award: 22:00 on Feb 2 at UTC+14, the next date.
    expect(await checkIn(deps(), user, { timeZone: 'Pacific/Kiritimati' }, at('2030-02-02T08:00:00Z'))).toMatchObject({
      awarded: { xp: 25, streak: 2 },
    });
    expect(await streakRow(user.id)).toMatchObject({
      time_zone: 'Etc/GMT-14',
      last_action: '2030-02-02',
      zone_changed_at: '2030-02-02T08:00:00Z',
    });
    expect((await grantsOf(user.id, 'daily_login')).map((g) => g.day)).toEqual(['2030-02-01', '2030-02-02']);
  });

  it('a check-in that changes nothing writes nothing (the zone is written only when it changes)', async () => {
    const user = await testUser(app);
    await checkIn(deps(), user, { timeZone: 'America/New_York' }, at('2030-04-01T15:00:00Z'));
    const before = await streakRow(user.id);
    for (const timeZone of ['America/New_York', 'America/Detroit', 'Europe/Paris', 'UTC']) {
      expect(await checkIn(deps(), user, { timeZone }, at('2030-04-01T16:00:00Z'))).toEqual({ awarded: null });
    }
    expect(await streakRow(user.id)).toEqual(before);
    expect(before?.time_zone).toBe('Etc/GMT+4');
  });

  it('concurrent check-ins from three zones award once', async () => {
    const user = await testUser(app);
    const now = at('2030-05-01T11:00:00Z');
    const answers = await Promise.all(
      ['Etc/GMT+12', 'UTC', 'Etc/GMT-14'].map((timeZone) => checkIn(deps(), user, { timeZone }, now)),
    );
    expect(answers.filter((a) => a.awarded !== null)).toHaveLength(1);
    expect(await grantsOf(user.id, 'daily_login')).toHaveLength(1);
  });

  it('through the procedure: the first check-in of the day is the toast, the second is nothing; an unknown zone is UTC', async () => {
    const user = await testUser(app);
    const live = listen(app.bus, progressionChannels.progression(user.id));
    expect(await ok(user, 'progression.checkIn', { timeZone: 'Not/AZone' })).toEqual({
      awarded: { xp: 25, streak: 1 },
      progress: { xp: 25, level: 0 },
    });
    expect(await ok(user, 'progression.checkIn', { timeZone: 'Not/AZone' })).toEqual({ awarded: null });
    expect((await streakRow(user.id))?.time_zone).toBe('UTC');
    expect(live.seen).toEqual(
      expect.arrayContaining<ProgressionLiveEvent>([
        { type: 'streak', streak: 1 },
        expect.objectContaining({ type: 'xp-changed', xp: 25, level: 0 }),
      ]),
    );
    live.stop();
    const progression = await ok(user, 'progression.get');
    expect(progression).toMatchObject({ xp: 25, level: 0, levelTitle: 'Newcomer', streak: 1, xpToNextLevel: 475 });
  });

  it('message XP counts the day in the stored coarse zone of the latest check-in', async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    await checkIn(deps(), client, { timeZone: 'Pacific/Kiritimati' }); // UTC+14
    expect((await streakRow(client.id))?.time_zone).toBe('Etc/GMT-14');
    await conversationBetween(provider, client);
    await settle();
    const [greeting] = await grantsOf(client.id, 'message');
    // PostgreSQL reads Etc/GMT-14 as the IANA zone (UTC+14), as Intl does.
    const { rows } = await db().execute<{ day: string }>(sql`
      select to_char((m.created_at at time zone 'Etc/GMT-14')::date, 'YYYY-MM-DD') as day
      from messages m where m.id = ${greeting!.source_key}::uuid`);
    expect(greeting!.day).toBe(rows[0]!.day);
  });
});
