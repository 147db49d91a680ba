import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels } from '../../realtime/channels';
import { listen } from '../../testing/listen';
import { testUser, trpcAs } from '../../testing/marketplace';
import { createTestApp, unlimitedMutations, type TestApp } from '../../testing/test-app';
import { checkIn } from './check-in';
import { progressionProbe } from './progression-probe';
import type { ProgressionLiveEvent } from './progression-events';

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

  it('awards once a day, continues the next day, and a gap starts again at 1', async () => {
    const user = await testUser(app);
    expect(await checkIn(deps(), user, { timeZone: 'UTC' }, at('2030-01-01T08:00:00Z'))).toEqual({
      awarded: { xp: 25, streak: 1 },
    });
    expect(await checkIn(deps(), user, { timeZone: 'UTC' }, at('2030-01-01T23:00:00Z'))).toEqual({ awarded: null });
    expect(await checkIn(deps(), user, { timeZone: 'UTC' }, at('2030-01-02T07:00:00Z'))).toEqual({
      awarded: { xp: 25, streak: 2 },
    });
    expect(await checkIn(deps(), user, { timeZone: 'UTC' }, at('2030-01-05T07:00:00Z'))).toEqual({
      awarded: { xp: 25, streak: 1 },
    });
    expect((await grantsOf(user.id, 'daily_login')).map((g) => g.day)).toEqual([
      '2030-01-01',
      '2030-01-02',
      '2030-01-05',
    ]);
    const progress = await progressOf(user.id);
    expect(progress.xp).toBe(75);
    expect(progress.ledger).toBe(75);
  });

  it('a zone change does not give two awards for one day', async () => {
    const user = await testUser(app);
    // 23:30 in New York on Jan 1 is 04:30 UTC on Jan 2; then the same instant read in UTC is Jan 2: a new date.
    expect(await checkIn(deps(), user, { timeZone: 'America/New_York' }, at('2030-01-02T04:30:00Z'))).toEqual({
      awarded: { xp: 25, streak: 1 },
    });
    expect(await checkIn(deps(), user, { timeZone: 'UTC' }, at('2030-01-02T04:40:00Z'))).toEqual({
      awarded: { xp: 25, streak: 2 },
    });
    // Back west: the local date (Jan 1) is before the last one: nothing, however often.
    expect(await checkIn(deps(), user, { timeZone: 'America/New_York' }, at('2030-01-02T04:50:00Z'))).toEqual({
      awarded: null,
    });
    // Tokyo reads Jan 2 too at that instant: the same date as the last award, nothing.
    expect(await checkIn(deps(), user, { timeZone: 'Asia/Tokyo' }, at('2030-01-01T16:00:00Z'))).toEqual({
      awarded: null,
    });
    expect((await grantsOf(user.id, 'daily_login')).map((g) => g.day)).toEqual(['2030-01-01', '2030-01-02']);
  });

  it('through the procedure: the first check-in of the day is the toast, the second is nothing; an unknown zone is UTC', async () => {
    const user = await testUser(app);
    const live = listen(app.bus, channels.progression(user.id));
    expect(await ok(user, 'progression.checkIn', { timeZone: 'Not/AZone' })).toEqual({
      awarded: { xp: 25, streak: 1 },
    });
    expect(await ok(user, 'progression.checkIn', { timeZone: 'Not/AZone' })).toEqual({ awarded: null });
    const { rows } = await db().execute<{ time_zone: string }>(
      sql`select time_zone from user_streaks where user_id = ${user.id}`,
    );
    expect(rows[0]!.time_zone).toBe('UTC');
    expect(live.seen).toEqual(
      expect.arrayContaining<ProgressionLiveEvent>([
        { type: 'streak', streak: 1 },
        { type: 'xp-changed', xp: 25, level: 0 },
      ]),
    );
    live.stop();
    const progression = await ok(user, 'progression.get');
    expect(progression).toMatchObject({ xp: 25, level: 0, levelTitle: 'Newcomer', streak: 1, xpToNextLevel: 475 });
  });

  it('message XP counts the day in the zone of the latest check-in', async () => {
    const provider = await testUser(app);
    const client = await testUser(app);
    await checkIn(deps(), client, { timeZone: 'Pacific/Kiritimati' }); // UTC+14
    await conversationBetween(provider, client);
    await settle();
    const [greeting] = await grantsOf(client.id, 'message');
    const { rows } = await db().execute<{ day: string }>(sql`
      select to_char((m.created_at at time zone 'Pacific/Kiritimati')::date, 'YYYY-MM-DD') as day
      from messages m where m.id = ${greeting!.source_key}::uuid`);
    expect(greeting!.day).toBe(rows[0]!.day);
  });
});
