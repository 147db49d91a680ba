import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import { createTestAppWithAdmin, type TestApp } from '../../testing/test-app';
import { AUDIT_LIMITS, auditListInputSchema } from '../../../domain/audit';
import { auditPageQuery, type AuditPage } from './list-audit';

let app: TestApp;
let admin: TestUser;
let member: TestUser;
const { call, ok, callRaw } = trpcAs(() => app);
const db = () => app.database.db;

beforeAll(async () => {
  ({ app, admin } = await createTestAppWithAdmin());
  member = await testUser(app, { firstName: 'Mia', lastName: 'Member' });
});
afterAll(() => app?.close());

/** Entries written straight into the log at chosen times, by an actor id no real account has (isolates a test). */
async function seed(actorId: string, count: number, at: (i: number) => Date, action = 'service.deleted') {
  await db()
    .insert(auditEvents)
    .values(
      Array.from({ length: count }, (_, i) => ({
        action,
        actorId,
        subjectId: `subject-${actorId}-${i % 3}`,
        details: { n: i },
        createdAt: at(i),
      })),
    );
}

/** Every page of a filter, following nextCursor to the end. */
async function allPages(filter: Record<string, unknown>) {
  const pages: AuditPage[] = [];
  let cursor: { at: string; id: string } | null = null;
  do {
    const page: AuditPage = await ok(admin, 'audit.list', { ...filter, cursor });
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 20);
  return pages;
}

describe('audit.list', () => {
  it('shows a real admin action with its words, the admin by name and the subject by title', async () => {
    await ok(member, 'feedback.submit', {
      title: 'Dark mode flickers',
      category: 'Bug Report',
      message: 'On my phone.',
    });
    const {
      items: [item],
    } = await ok(admin, 'feedback.adminList', { status: 'unresolved', limit: 10 });
    await ok(admin, 'feedback.resolve', { id: item!.id });

    const { entries } = await ok(admin, 'audit.list', { action: 'feedback.resolved' });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'feedback.resolved',
      label: 'Feedback resolved',
      actor: { id: admin.id },
      subject: { id: item!.id, kind: 'feedback', name: 'Dark mode flickers' },
      details: { authorId: member.id },
    });
    // The bootstrapped admin has no profile name: the account's name is shown, never an id.
    expect(entries[0]!.actor!.name).not.toBe(admin.id);
    expect(entries[0]!.actor!.name.length).toBeGreaterThan(0);
    // The start-up bootstrap is the server's own entry: no actor; its subject is the admin's account.
    const boot = await ok(admin, 'audit.list', { action: 'admin.bootstrapped' });
    expect(boot.entries[0]).toMatchObject({ actor: null, subject: { id: admin.id, kind: 'user' } });
  });

  it('pages newest first through every entry once, entries of the same instant included', async () => {
    const actor = 'pager-actor';
    const base = Date.parse('2021-03-01T10:00:00.000Z');
    // 120 entries, every 4 sharing one instant: the id breaks the tie, so no page repeats or skips one.
    await seed(actor, 120, (i) => new Date(base + Math.floor(i / 4) * 1000));
    const pages = await allPages({ actorId: actor });
    expect(pages.map((p) => p.entries.length)).toEqual([AUDIT_LIMITS.pageSize, AUDIT_LIMITS.pageSize, 20]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    const entries = pages.flatMap((p) => p.entries);
    expect(new Set(entries.map((e) => e.id)).size).toBe(120);
    const keys = entries.map((e) => [Date.parse(e.createdAt), e.id] as const);
    for (let i = 1; i < keys.length; i++) {
      const [prevAt, prevId] = keys[i - 1]!;
      const [at, id] = keys[i]!;
      expect(prevAt > at || (prevAt === at && prevId > id), `entry ${i} is older than the one before`).toBe(true);
    }
    // A deleted-or-unknown actor reads as Unknown User, never breaking the page.
    expect(entries[0]!.actor).toEqual({ id: actor, name: 'Unknown User' });
  });

  it('keeps microseconds in the cursor: entries one microsecond apart are neither skipped nor repeated', async () => {
    const actor = 'micro-actor';
    await db().execute(sql`
      insert into audit_events (action, actor_id, subject_id, created_at)
      select 'user.deleted', ${actor}, 's' || g, timestamptz '2021-04-01 00:00:00.000000+00' + g * interval '1 microsecond'
      from generate_series(1, ${AUDIT_LIMITS.pageSize + 5}) g
    `);
    const pages = await allPages({ actorId: actor });
    // The first page ends at the 6th entry (55 down to 6); the cursor names it to the microsecond.
    const ids = pages.flatMap((p) => p.entries.map((e) => e.id));
    expect(ids).toHaveLength(AUDIT_LIMITS.pageSize + 5);
    expect(new Set(ids).size).toBe(ids.length);
    expect(pages[0]!.nextCursor!.at).toBe('2021-04-01T00:00:00.000006Z');
  });

  it('filters by action, admin, subject and dates, alone and together', async () => {
    const actor = 'filter-actor';
    const day = (d: number) => new Date(Date.UTC(2022, 0, d, 12));
    await seed(actor, 6, day, 'user.suspended'); // Jan 1..6 (i = 0..5 -> day(0)..day(5))
    await seed(actor, 3, (i) => day(10 + i), 'user.unsuspended');
    await seed('other-actor', 2, (i) => day(i + 1), 'user.suspended');

    const list = async (filter: Record<string, unknown>) =>
      (await allPages(filter)).flatMap((p) => p.entries.map((e) => `${e.action} ${e.createdAt.slice(0, 10)}`));

    expect(await list({ actorId: actor })).toHaveLength(9);
    expect(await list({ actorId: actor, action: 'user.unsuspended' })).toEqual([
      'user.unsuspended 2022-01-12',
      'user.unsuspended 2022-01-11',
      'user.unsuspended 2022-01-10',
    ]);
    // From and To are inclusive instants.
    expect(
      await list({ actorId: actor, from: day(2).toISOString(), to: day(4).toISOString(), action: 'user.suspended' }),
    ).toEqual(['user.suspended 2022-01-04', 'user.suspended 2022-01-03', 'user.suspended 2022-01-02']);
    expect(await list({ subjectId: `subject-${actor}-1` })).toHaveLength(3);
    expect(await list({ subjectId: `subject-${actor}-1`, action: 'user.unsuspended' })).toEqual([
      'user.unsuspended 2022-01-11',
    ]);
    expect(await list({ action: 'user.suspended', from: day(1).toISOString(), to: day(2).toISOString() })).toEqual([
      'user.suspended 2022-01-02',
      'user.suspended 2022-01-02',
      'user.suspended 2022-01-01',
      'user.suspended 2022-01-01',
    ]);
    // A filter matching nothing is an empty page, not an error.
    expect(await ok(admin, 'audit.list', { subjectId: 'nobody' })).toEqual({ entries: [], nextCursor: null });
  });

  it('refuses malformed and oversized filters with 400, and visitors and members outright', async () => {
    const refused = [
      { action: 'user.exploded' },
      { action: "feedback.resolved' or 1=1 --" },
      { actorId: 'x'.repeat(65) },
      { subjectId: 'x'.repeat(65) },
      { subjectId: '' },
      { from: 'yesterday' },
      { to: '2022-13-45T00:00:00Z' },
      { from: '2021-02-29T00:00:00Z' },
      { from: '0000-01-01T00:00:00Z' },
      { cursor: { at: '2021-02-30T00:00:00.000000Z', id: '00000000-0000-4000-8000-000000000000' } },
      { from: '2022-02-01T00:00:00.000Z', to: '2022-01-01T00:00:00.000Z' },
      { cursor: { at: '2022-01-01T00:00:00Z', id: '00000000-0000-4000-8000-000000000000' } },
      { cursor: { at: '2022-01-01T00:00:00.000000Z', id: 'not-a-uuid' } },
      { actorId: 42 },
    ];
    for (const input of refused) {
      expect((await callRaw(admin, 'audit.list', input)).status, JSON.stringify(input)).toBe(400);
    }
    const fromAfterTo = await callRaw(admin, 'audit.list', {
      from: '2022-02-01T00:00:00.000Z',
      to: '2022-01-01T00:00:00.000Z',
    });
    expect(JSON.stringify(fromAfterTo.error)).toContain('The From date must not be after the To date');

    expect((await call(member, 'audit.list', {})).status).toBe(403);
    expect((await call(null, 'audit.list', {})).status).toBe(401);
    expect((await call(member, 'audit.actors')).status).toBe(403);
    expect((await call(null, 'audit.actors')).status).toBe(401);
  });
});

describe('audit.actors', () => {
  it('lists everyone with entries once, by name, the real admin among them, within its bound', async () => {
    const actors = await ok(admin, 'audit.actors');
    expect(actors.length).toBeLessThanOrEqual(AUDIT_LIMITS.actorsMax);
    expect(actors.filter((a) => a.id === admin.id)).toHaveLength(1);
    expect(new Set(actors.map((a) => a.id)).size).toBe(actors.length);
    // Members who never acted are not offered.
    expect(actors.map((a) => a.id)).not.toContain(member.id);
    const names = actors.map((a) => a.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});

describe('reading through the indexes', () => {
  /** The plan PostgreSQL picks for one filter, with sequential scans priced out so a small table still shows it. */
  async function plan(filter: Record<string, unknown>) {
    const statement = auditPageQuery(db(), auditListInputSchema.parse(filter));
    return db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${statement}`);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  it('uses the created_at, action, actor and subject indexes', async () => {
    const cursor = { at: '2030-01-01T00:00:00.000000Z', id: '00000000-0000-4000-8000-000000000000' };
    expect(await plan({ cursor })).toContain('audit_events_created_idx');
    expect(await plan({ action: 'feedback.resolved' })).toContain('audit_events_action_created_idx');
    expect(await plan({ actorId: admin.id, cursor })).toContain('audit_events_actor_created_idx');
    expect(await plan({ subjectId: admin.id })).toContain('audit_events_subject_created_idx');
  });
});

describe('append-only', () => {
  it('the database refuses UPDATE and DELETE on audit_events, leaving the entry as it was', async () => {
    const [entry] = await db()
      .insert(auditEvents)
      .values({ action: 'user.deleted', actorId: admin.id, subjectId: 'someone', details: { reason: 'spam' } })
      .returning();
    // The trigger's refusal, as PostgreSQL reports it (drizzle wraps it in a "Failed query" error).
    const refusal = (attempt: Promise<unknown>) =>
      attempt.then(
        () => 'allowed',
        (e: Error & { cause?: { message?: string; code?: string } }) => `${e.cause?.code} ${e.cause?.message}`,
      );
    const refused = '42501 audit_events is append-only';
    expect(
      await refusal(
        db().execute(sql`update audit_events set details = '{"reason":"nothing"}' where id = ${entry!.id}`),
      ),
    ).toBe(refused);
    expect(await refusal(db().execute(sql`delete from audit_events where id = ${entry!.id}`))).toBe(refused);
    expect(await refusal(db().delete(auditEvents))).toBe(refused);
    expect(await refusal(db().execute(sql`update audit_events set action = 'user.unsuspended'`))).toBe(refused);
    const [after] = await db().select().from(auditEvents).where(eq(auditEvents.id, entry!.id));
    expect(after).toEqual(entry);
  });

  it('no code in src updates or deletes an audit entry (only inserts and reads)', () => {
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
          const text = readFileSync(file, 'utf8');
          if (
            /\.(update|delete)\(\s*auditEvents\b/.test(text) ||
            /(update|delete\s+from)\s+"?audit_events"?/i.test(text)
          ) {
            offenders.push(path.relative(root, file));
          }
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
