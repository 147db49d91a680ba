import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventBus } from './event-bus';
import { createPostgresEventBus } from './postgres-event-bus';
import { takeEvents } from '../testing/take-events';
import { defineChannel } from './channels';

const url = process.env.TEST_DATABASE_URL;
const buses: EventBus[] = [];
const logged: unknown[] = [];
afterAll(() => Promise.all(buses.map((b) => b.close())));

async function bus() {
  const created = await createPostgresEventBus(url!, (error) => logged.push(error));
  buses.push(created);
  return created;
}

// Needs a PostgreSQL server (LISTEN/NOTIFY): the PostgreSQL pass of CI.
describe.runIf(url)('the event bus shared by several servers through PostgreSQL', () => {
  it('an event published on one server reaches subscribers on another, in order, once on each', async () => {
    const [a, b] = [await bus(), await bus()];
    const onB = takeEvents(b.subscribe(defineChannel('conversation:1')), 30);
    const onA = takeEvents(a.subscribe(defineChannel('conversation:1')), 30);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const sent = Array.from({ length: 30 }, (_, i) => ({ type: 'message', n: i }));
    for (const data of sent) a.publish(defineChannel('conversation:1'), data);
    a.publish(defineChannel('conversation:2'), 'elsewhere');
    expect(await onB).toEqual(sent);
    expect(await onA).toEqual(sent);
  });

  it('a message far over the 8000-byte NOTIFY limit arrives whole', async () => {
    const [a, b] = [await bus(), await bus()];
    const received = takeEvents(b.subscribe(defineChannel<unknown>('room:7')), 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const text = 'Grüße 😀 "quoted" \\ '.repeat(2000);
    a.publish(defineChannel<unknown>('room:7'), { text });
    a.publish(defineChannel<unknown>('room:7'), 'after');
    expect(await received).toEqual([{ text }, 'after']);
  });

  it('keeps delivering after the database drops its listening connection', async () => {
    const [a, b] = [await bus(), await bus()];
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN skills_bus' and pid <> pg_backend_pid()`,
    );
    await admin.end();
    const received = takeEvents(b.subscribe(defineChannel('profile:1')), 1);
    // The listener reconnects after a second; what is published once it is back arrives.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    a.publish(defineChannel('profile:1'), 'back');
    expect(await received).toEqual(['back']);
    expect(logged.length).toBeGreaterThan(0);
  });
});
