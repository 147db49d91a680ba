import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHOOL_LIMITS, SCHOOL_TEXTS } from '../../src/domain/schools';
import { mailOutbox } from '../../src/server/db/schema/mail';
import { memberSchoolEmails } from '../../src/server/db/schema/schools';
import { testUser, trpcAs, type TestUser } from '../../src/server/testing/marketplace';
import { createTestAppWithAdmin, type TestApp } from '../../src/server/testing/test-app';
import { expectSameRows, keysOf, procedureInventory, snapshot } from './helpers';

/**
 * School verification puts a mark on minors' profiles and holds their school addresses: admins alone list schools,
 * a member reaches only their own address, only a listed domain is accepted, a link works once and for 48 hours,
 * and no public answer ever carries an address. Each attack is refused and changes no row.
 */
let app: TestApp;
let admin: TestUser;
let member: TestUser;
let victim: TestUser;
let schoolId: string;
const { ok, call, callRaw } = trpcAs(() => app);
const TABLES = [
  'schools',
  'school_domains',
  'member_school_emails',
  'school_link_requests',
  'audit_events',
  'mail_outbox',
];
const VICTIM_ADDRESS = 'victim.secret@hillside.edu';

async function tokenFor(address: string) {
  const [mail] = await app.database.db
    .select({ content: mailOutbox.content })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return decodeURIComponent(mail!.content.action!.url.split('token=')[1]!);
}

beforeAll(async () => {
  ({ app, admin } = await createTestAppWithAdmin());
  member = await testUser(app, { firstName: 'Mallory' });
  victim = await testUser(app, { firstName: 'Vic' });
  ({ id: schoolId } = await ok(admin, 'schools.create', { name: 'Hillside High', domains: ['hillside.edu'] }));
  await ok(victim, 'schools.setEmail', { address: VICTIM_ADDRESS });
  await ok(null, 'schools.verify', { token: await tokenFor(VICTIM_ADDRESS) });
});
afterAll(() => app?.close());

const ADMIN_CALLS: Record<string, unknown> = {
  'schools.list': undefined,
  'schools.create': { name: 'Attack Academy', domains: ['attack.edu'] },
  'schools.rename': { schoolId: '', name: 'Defaced' },
  'schools.remove': { schoolId: '' },
  'schools.addDomain': { schoolId: '', domain: 'gmail.com' },
  'schools.removeDomain': { domainId: '00000000-0000-4000-8000-000000000000' },
};
const adminInput = (path: string) => {
  const input = ADMIN_CALLS[path];
  return input && typeof input === 'object' && 'schoolId' in input ? { ...input, schoolId } : input;
};

describe('who may call', () => {
  it('the school list is admin-only; the member procedures need a session; the link works signed out', () => {
    const all = procedureInventory().filter((p) => p.path.startsWith('schools.'));
    expect(Object.fromEntries(all.map((p) => [p.path, `${p.type}/${p.guard}`]))).toEqual({
      'schools.list': 'query/admin',
      'schools.create': 'mutation/admin',
      'schools.rename': 'mutation/admin',
      'schools.remove': 'mutation/admin',
      'schools.addDomain': 'mutation/admin',
      'schools.removeDomain': 'mutation/admin',
      'schools.mine': 'query/authed',
      'schools.setEmail': 'mutation/authed',
      'schools.resendLink': 'mutation/authed',
      'schools.removeEmail': 'mutation/authed',
      'schools.verify': 'mutation/public',
    });
  });

  it('a visitor gets 401 from every admin and member procedure, and nothing changes', async () => {
    const before = await snapshot(app, TABLES);
    const paths = [...Object.keys(ADMIN_CALLS), 'schools.mine', 'schools.setEmail', 'schools.resendLink'];
    for (const path of [...paths, 'schools.removeEmail']) {
      const input = path === 'schools.setEmail' ? { address: 'x@hillside.edu' } : adminInput(path);
      const result = await callRaw(null, path, input);
      expect(result.status, path).toBe(401);
      expect(result.data, path).toBeUndefined();
    }
    expectSameRows(before, await snapshot(app, TABLES), 'visitor calls');
  });

  it('a member (a verified one included) gets 403 from every admin procedure, and nothing changes', async () => {
    const before = await snapshot(app, TABLES);
    for (const who of [member, victim]) {
      for (const path of Object.keys(ADMIN_CALLS)) {
        const result = await callRaw(who, path, adminInput(path));
        expect(result.status, path).toBe(403);
        expect(result.data, path).toBeUndefined();
      }
    }
    expectSameRows(before, await snapshot(app, TABLES), 'member calls');
  });
});

describe('another member’s school address', () => {
  it('is never shown to anyone else, by any public read', async () => {
    for (const who of [null, member, admin]) {
      const body = JSON.stringify(await call(who, 'profiles.public', { userId: victim.id }));
      expect(body).not.toContain(VICTIM_ADDRESS);
      expect(body).toContain('Hillside High');
    }
    // Not in the admin list either: it names schools and counts, never members' addresses.
    const list = JSON.stringify(await ok(admin, 'schools.list'));
    expect(list).not.toContain(VICTIM_ADDRESS);
    expect(JSON.stringify(await ok(member, 'schools.mine'))).toBe('null');
    const keys = [...keysOf(await ok(null, 'profiles.public', { userId: victim.id }))];
    expect(keys.filter((k) => /address|token/i.test(k))).toEqual([]);
  });

  it("one school mailbox verifies one account: a second account's link to a verified address is refused", async () => {
    const lender = await testUser(app, { firstName: 'Lender' });
    // Typed in capitals: the address is stored lower-cased, the same mailbox.
    await ok(lender, 'schools.setEmail', { address: VICTIM_ADDRESS.toUpperCase() });
    const refused = await call(null, 'schools.verify', { token: await tokenFor(VICTIM_ADDRESS) });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(SCHOOL_TEXTS.addressTaken);
    expect(await ok(null, 'profiles.public', { userId: lender.id })).toMatchObject({ verifiedSchool: null });
    await ok(lender, 'schools.removeEmail');
  });

  it('cannot be taken over, removed or re-sent by another member', async () => {
    const before = await snapshot(app, ['member_school_emails']);
    // The same address given by someone else is theirs to confirm, in their own row: the victim's stays verified.
    await ok(member, 'schools.setEmail', { address: VICTIM_ADDRESS });
    await ok(member, 'schools.removeEmail');
    const refused = await call(member, 'schools.resendLink');
    expect(refused.status).toBe(409);
    expectSameRows(before, await snapshot(app, ['member_school_emails']), 'another member’s calls');
    expect(await ok(null, 'profiles.public', { userId: victim.id })).toMatchObject({ verifiedSchool: 'Hillside High' });
  });

  it('extra fields sent with an address cannot name another user or mark it verified', async () => {
    const attacker = await testUser(app, { firstName: 'Eve' });
    await callRaw(attacker, 'schools.setEmail', {
      address: 'eve@hillside.edu',
      userId: victim.id,
      verifiedAt: new Date().toISOString(),
      verified: true,
    });
    const [row] = await app.database.db
      .select()
      .from(memberSchoolEmails)
      .where(eq(memberSchoolEmails.address, 'eve@hillside.edu'));
    expect(row).toMatchObject({ userId: attacker.id, verifiedAt: null });
    expect(await ok(null, 'profiles.public', { userId: attacker.id })).toMatchObject({ verifiedSchool: null });
  });
});

describe('malformed and oversized input', () => {
  it('is refused with 400 and changes nothing', async () => {
    const before = await snapshot(app, TABLES);
    const long = 'a'.repeat(10_000);
    const attempts: [TestUser | null, string, unknown][] = [
      [member, 'schools.setEmail', { address: 'not an address' }],
      [member, 'schools.setEmail', { address: `${long}@hillside.edu` }],
      [member, 'schools.setEmail', { address: ['a@hillside.edu'] }],
      [member, 'schools.setEmail', {}],
      [null, 'schools.verify', { token: '' }],
      [null, 'schools.verify', { token: long }],
      [null, 'schools.verify', { token: { $ne: null } }],
      [admin, 'schools.create', { name: 'x'.repeat(SCHOOL_LIMITS.nameMax + 1), domains: ['ok.edu'] }],
      [admin, 'schools.create', { name: 'Fine', domains: [] }],
      [admin, 'schools.create', { name: 'Fine', domains: ['not a domain'] }],
      [admin, 'schools.create', { name: 'Fine', domains: [`${long}.edu`] }],
      [admin, 'schools.create', { name: 'Fine', domains: Array.from({ length: 11 }, (_, i) => `d${i}.edu`) }],
      [admin, 'schools.create', { name: 'Fine', domains: ['dup.edu', 'DUP.edu'] }],
      [admin, 'schools.rename', { schoolId: 'not-a-uuid', name: 'Fine' }],
      [admin, 'schools.addDomain', { schoolId, domain: 'user@gmail.com' }],
      [admin, 'schools.removeDomain', { domainId: "' or 1=1 --" }],
    ];
    for (const [who, path, input] of attempts) {
      const result = await callRaw(who, path, input);
      expect(result.status, `${path} ${JSON.stringify(input).slice(0, 60)}`).toBe(400);
    }
    expectSameRows(before, await snapshot(app, TABLES), 'malformed input');
  });

  it('an address outside the listed domains is refused with the message, and no email is queued', async () => {
    const before = await snapshot(app, ['mail_outbox', 'member_school_emails']);
    for (const address of ['kid@gmail.com', 'kid@evil-hillside.edu', 'kid@hillside.edu.evil.com']) {
      const result = await call(member, 'schools.setEmail', { address });
      expect(result.status, address).toBe(400);
      expect(result.error?.message).toBe(SCHOOL_TEXTS.notListed);
    }
    expectSameRows(before, await snapshot(app, ['mail_outbox', 'member_school_emails']), 'unlisted addresses');
  });
});

describe('confirmation links', () => {
  it('a wrong token, a used one, the stored hash itself and an expired one are refused', async () => {
    const student = await testUser(app, { firstName: 'Stu' });
    const address = 'stu@hillside.edu';
    await ok(student, 'schools.setEmail', { address });
    const token = await tokenFor(address);
    const [row] = await app.database.db
      .select()
      .from(memberSchoolEmails)
      .where(eq(memberSchoolEmails.userId, student.id));

    const before = await snapshot(app, ['member_school_emails']);
    for (const wrong of ['x', `${token}x`, token.slice(0, -1), row!.tokenHash!]) {
      const result = await call(null, 'schools.verify', { token: wrong });
      expect(result.status, wrong).toBe(404);
      expect(result.error?.message).toBe(SCHOOL_TEXTS.linkInvalid);
    }
    expectSameRows(before, await snapshot(app, ['member_school_emails']), 'wrong tokens');

    await app.database.db.execute(
      sql`update member_school_emails set token_expires_at = now() - interval '1 minute' where user_id = ${student.id}`,
    );
    const expired = await call(member, 'schools.verify', { token });
    expect(expired.status).toBe(409);
    expect(expired.error?.message).toBe(SCHOOL_TEXTS.linkExpired);
    expect(await ok(null, 'profiles.public', { userId: student.id })).toMatchObject({ verifiedSchool: null });

    await ok(student, 'schools.resendLink');
    const fresh = await tokenFor(address);
    // Opened by someone else (signed in as another member): it verifies the owner of the address, not the opener.
    await ok(member, 'schools.verify', { token: fresh });
    expect(await ok(null, 'profiles.public', { userId: student.id })).toMatchObject({
      verifiedSchool: 'Hillside High',
    });
    expect(await ok(null, 'profiles.public', { userId: member.id })).toMatchObject({ verifiedSchool: null });
    const reused = await call(null, 'schools.verify', { token: fresh });
    expect(reused.status).toBe(404);
  });

  it('asking for links again and again is limited per member', async () => {
    const spammer = await testUser(app, { firstName: 'Spam' });
    await ok(spammer, 'schools.setEmail', { address: 'spam@hillside.edu' });
    let refused = 0;
    for (let i = 0; i < SCHOOL_LIMITS.linksPerWindow + 3; i++) {
      const result = await call(spammer, 'schools.resendLink');
      if (result.status === 429) refused++;
    }
    expect(refused).toBe(4);
    const mails = await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, spammer.id));
    // Beside the sign-up's own verification email.
    expect(mails.filter((m) => m.toAddress === 'spam@hillside.edu')).toHaveLength(SCHOOL_LIMITS.linksPerWindow);
  });
});
