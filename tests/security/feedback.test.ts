import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES } from '../../src/domain/feedback';
import { feedback } from '../../src/server/db/schema/feedback';
import { userRoles } from '../../src/server/db/schema/profiles';
import { ADMIN_RECHECK_MS } from '../../src/server/features/accounts/admin-stream';
import { testUser, type TestUser } from '../../src/server/testing/marketplace';
import { callRaw, type TestApp, createTestApp, createTestAppWithAdmin } from '../../src/server/testing/test-app';
import { createMutationLimiter, MUTATION_BURST, MUTATIONS_PER_SECOND } from '../../src/server/trpc';
import { expectSameRows, makeAdmin, openSocket, snapshot } from './helpers';

/**
 * The feedback centre. A member writes and reads only their own items; answering,
 * resolving, the admins' tables and the admins' live channel are the admins' alone; every input is bounded; a
 * refused call changes no row and writes no audit entry.
 */
let app: TestApp;
let admin: TestUser;
let victim: TestUser;
let attacker: TestUser;
let victimItem: string;

const TABLES = ['feedback', 'audit_events'];
const sample = { title: 'Uploads fail', category: 'Bug Report', message: 'My avatar will not upload.' };

beforeAll(async () => {
  ({ app, admin } = await createTestAppWithAdmin());
  victim = await testUser(app, { firstName: 'Vera' });
  attacker = await testUser(app, { firstName: 'Mallory' });
  const created = await callRaw(app, 'feedback.submit', { method: 'POST', cookie: victim.cookie, input: sample });
  victimItem = (created.data as { id: string }).id;
});
afterAll(() => app?.close());

const as = (who: TestUser | null, path: string, input?: unknown) =>
  callRaw(app, path, {
    method: path.endsWith('mine') || path.endsWith('adminList') ? 'GET' : 'POST',
    input,
    cookie: who?.cookie,
  });

/** Every call below must be refused with `status` and leave feedback and the audit log as they were. */
async function refusedUnchanged(status: number, calls: [TestUser | null, string, unknown][]) {
  const before = await snapshot(app, TABLES);
  for (const [who, path, input] of calls) {
    const result = await as(who, path, input);
    expect(result.status, `${path} ${JSON.stringify(input)?.slice(0, 80)}`).toBe(status);
  }
  expectSameRows(before, await snapshot(app, TABLES), 'refused feedback calls');
}

describe('signed out', () => {
  it('every feedback call and both subscriptions are refused; nothing changes', async () => {
    await refusedUnchanged(401, [
      [null, 'feedback.submit', sample],
      [null, 'feedback.mine', undefined],
      [null, 'feedback.adminList', { status: 'unresolved', limit: 10 }],
      [null, 'feedback.respond', { id: victimItem, response: 'Hi' }],
      [null, 'feedback.resolve', { id: victimItem }],
    ]);
    const socket = await openSocket(app, null);
    expect((await socket.subscribe('feedback.events', {})).error?.data?.code).toBe('UNAUTHORIZED');
    expect((await socket.subscribe('feedback.adminEvents', {})).error?.data?.code).toBe('UNAUTHORIZED');
    socket.close();
  });
});

describe('a member who is not an admin', () => {
  it('cannot list, answer or resolve anyone’s feedback, even their own; nothing changes', async () => {
    const own = await as(attacker, 'feedback.submit', { ...sample, title: 'My own' });
    const ownId = (own.data as { id: string }).id;
    await refusedUnchanged(403, [
      [attacker, 'feedback.adminList', { status: 'unresolved', limit: 10 }],
      [attacker, 'feedback.adminList', { status: 'resolved', limit: 10 }],
      [attacker, 'feedback.respond', { id: victimItem, response: 'Closed, go away' }],
      [attacker, 'feedback.resolve', { id: victimItem }],
      [attacker, 'feedback.respond', { id: ownId, response: 'Answered myself' }],
      [attacker, 'feedback.resolve', { id: ownId }],
    ]);
  });

  it('cannot subscribe to the admins’ channel', async () => {
    const socket = await openSocket(app, attacker);
    const reply = await socket.subscribe('feedback.adminEvents', {});
    expect(reply.error?.data?.code).toBe('FORBIDDEN');
    socket.close();
  });

  it('reads only their own history, whatever the input names', async () => {
    const asked = await as(attacker, 'feedback.mine', { userId: victim.id });
    expect(asked.status).toBe(200);
    expect(JSON.stringify(asked.data)).not.toContain(victimItem);
    expect(JSON.stringify(asked.data)).not.toContain(victim.id);
  });

  it('hears only their own items live, whatever channel or user the input names', async () => {
    const socket = await openSocket(app, attacker);
    socket.ws.send(
      JSON.stringify({
        id: 7,
        method: 'subscription',
        params: { path: 'feedback.events', input: { userId: victim.id, channel: `feedback:${victim.id}` } },
      }),
    );
    await expect.poll(() => socket.repliesOf(7).length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(socket.repliesOf(7).some((r) => r.error)).toBe(false);
    const answered = await as(admin, 'feedback.respond', { id: victimItem, response: 'We are on it.' });
    expect(answered.status).toBe(200);
    await app.events.drain();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(socket.repliesOf(7).filter((r) => r.result?.type === 'data')).toEqual([]);
    socket.close();
  });

  it('sends feedback as themselves: an author or state in the input is ignored', async () => {
    const forged = await as(attacker, 'feedback.submit', {
      ...sample,
      title: 'Forged',
      userId: victim.id,
      user_id: victim.id,
      adminResponse: 'Approved',
      resolvedAt: new Date().toISOString(),
      resolvedBy: admin.id,
    });
    expect(forged.status).toBe(200);
    const [row] = await app.database.db
      .select()
      .from(feedback)
      .where(eq(feedback.id, (forged.data as { id: string }).id));
    expect(row).toMatchObject({ userId: attacker.id, adminResponse: null, resolvedAt: null, resolvedBy: null });
  });
});

describe('malformed, blank and oversized input', () => {
  it('is refused with a clear message and changes nothing', async () => {
    const long = (n: number) => 'x'.repeat(n + 1);
    await refusedUnchanged(400, [
      [victim, 'feedback.submit', { ...sample, title: '' }],
      [victim, 'feedback.submit', { ...sample, message: '   ' }],
      [victim, 'feedback.submit', { ...sample, category: 'Other' }],
      [victim, 'feedback.submit', { title: 'No message' }],
      [victim, 'feedback.submit', { ...sample, title: long(FEEDBACK_LIMITS.titleMax) }],
      [victim, 'feedback.submit', { ...sample, message: long(FEEDBACK_LIMITS.messageMax) }],
      [victim, 'feedback.submit', { ...sample, title: 'Nul \u0000 here' }],
      [victim, 'feedback.submit', 'not an object'],
      [admin, 'feedback.respond', { id: victimItem, response: '' }],
      [admin, 'feedback.respond', { id: victimItem, response: ' \n ' }],
      [admin, 'feedback.respond', { id: victimItem, response: long(FEEDBACK_LIMITS.responseMax) }],
      [admin, 'feedback.respond', { id: 'not-a-uuid', response: 'Hi' }],
      [admin, 'feedback.resolve', { id: 'not-a-uuid' }],
      [admin, 'feedback.resolve', {}],
      [admin, 'feedback.adminList', { status: 'everything', limit: 10 }],
      [admin, 'feedback.adminList', { status: 'unresolved', limit: FEEDBACK_LIMITS.listMax + 1 }],
      [admin, 'feedback.adminList', { status: 'unresolved', limit: 0 }],
    ]);
    const blank = await as(victim, 'feedback.submit', { ...sample, title: ' ' });
    expect(blank.error?.message).toBe(FEEDBACK_MESSAGES.fillAllFields);
    const noResponse = await as(admin, 'feedback.respond', { id: victimItem, response: ' ' });
    expect(noResponse.error?.message).toBe(FEEDBACK_MESSAGES.enterResponse);
  });

  it('a second resolve is refused and changes nothing', async () => {
    expect((await as(admin, 'feedback.resolve', { id: victimItem })).status).toBe(200);
    await refusedUnchanged(409, [[admin, 'feedback.resolve', { id: victimItem }]]);
  });
});

describe('rate', () => {
  it('submitting counts against the per-user mutation limit', async () => {
    // A limiter that allows three changes: the refusal then depends on the count alone, not on how fast a busy
    // machine answers (70 requests at once stayed under 5 a second plus the burst when each took long to arrive).
    let keys: string[] = [];
    const take = async (userId: string) => keys.push(userId) <= 3;
    const limited = await createTestApp({}, { mutationLimiter: { take } });
    try {
      const spammer = await testUser(limited);
      keys = [];
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const input = { ...sample, title: `Spam ${i}` };
        statuses.push(
          (await callRaw(limited, 'feedback.submit', { method: 'POST', cookie: spammer.cookie, input })).status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      // Counted against the member who sends, whatever the input says.
      expect(keys).toEqual(Array(4).fill(spammer.id));
      const kept = await limited.database.db.select().from(feedback).where(eq(feedback.userId, spammer.id));
      expect(kept.map((row) => row.title).sort()).toEqual(['Spam 0', 'Spam 1', 'Spam 2']);
    } finally {
      await limited.close();
    }
  });

  it('the server’s limiter refuses a user past the burst and the second’s allowance', async () => {
    const limiter = createMutationLimiter();
    const answers: boolean[] = [];
    for (let i = 0; i < MUTATION_BURST + MUTATIONS_PER_SECOND + 1; i += 1) answers.push(await limiter.take('spammer'));
    expect(answers.slice(0, MUTATION_BURST).every(Boolean)).toBe(true);
    expect(answers.at(-1)).toBe(false);
    expect(await limiter.take('someone-else')).toBe(true);
  });
});

describe('open items per member', () => {
  it(`the ${FEEDBACK_LIMITS.openPerMember + 1}st unresolved item is refused with a clear message and changes nothing; resolving one makes room`, async () => {
    const flooder = await testUser(app);
    const ids: string[] = [];
    for (let i = 0; i < FEEDBACK_LIMITS.openPerMember; i += 1) {
      const created = await as(flooder, 'feedback.submit', { ...sample, title: `Open ${i}` });
      expect(created.status).toBe(200);
      ids.push((created.data as { id: string }).id);
    }
    await refusedUnchanged(409, [[flooder, 'feedback.submit', { ...sample, title: 'One too many' }]]);
    const refused = await as(flooder, 'feedback.submit', { ...sample, title: 'One too many' });
    expect(refused.error?.message).toBe(FEEDBACK_MESSAGES.tooManyOpen);
    expect((await as(admin, 'feedback.resolve', { id: ids[0] })).status).toBe(200);
    expect((await as(flooder, 'feedback.submit', { ...sample, title: 'Room again' })).status).toBe(200);
  });
});

describe('an admin who loses the role', () => {
  it('stops receiving the admins’ feedback stream: the next item is not delivered and the stream ends', async () => {
    const former = await testUser(app, { firstName: 'Former' });
    await makeAdmin(app, former);
    const socket = await openSocket(app, former);
    socket.ws.send(
      JSON.stringify({ id: 31, method: 'subscription', params: { path: 'feedback.adminEvents', input: {} } }),
    );
    await expect.poll(() => socket.repliesOf(31).length, { timeout: 5_000 }).toBeGreaterThan(0);
    const data = () => socket.repliesOf(31).filter((r) => r.result?.type === 'data');

    // While an admin: the stream delivers.
    expect((await as(victim, 'feedback.submit', { ...sample, title: 'Seen by the admin' })).status).toBe(200);
    await expect.poll(() => JSON.stringify(data()), { timeout: 5_000 }).toContain('Seen by the admin');

    await app.database.db.delete(userRoles).where(and(eq(userRoles.userId, former.id), eq(userRoles.role, 'admin')));
    // Past the window in which one check holds (so the next event is checked again).
    await new Promise((resolve) => setTimeout(resolve, ADMIN_RECHECK_MS + 100));
    expect((await as(victim, 'feedback.submit', { ...sample, title: 'Secret after demotion' })).status).toBe(200);
    await app.events.drain();
    await expect
      .poll(() => socket.repliesOf(31).find((r) => r.error)?.error?.data?.code, { timeout: 5_000 })
      .toBe('FORBIDDEN');
    expect(JSON.stringify(socket.repliesOf(31))).not.toContain('Secret after demotion');
    // Ended: later items do not arrive either.
    expect((await as(victim, 'feedback.submit', { ...sample, title: 'Later secret' })).status).toBe(200);
    await app.events.drain();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(JSON.stringify(socket.repliesOf(31))).not.toContain('Later secret');
    socket.close();
  });
});
