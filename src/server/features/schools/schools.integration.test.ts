import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../../domain/categories';
import { SCHOOL_LIMITS, SCHOOL_TEXTS } from '../../../domain/schools';
import { auditEvents } from '../../db/schema/audit';
import { mailOutbox } from '../../db/schema/mail';
import { memberSchoolEmails } from '../../db/schema/schools';
import { createMailSender } from '../../mail/mail-sender';
import type { OutgoingMessage } from '../../mail/mail-transport';
import { testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import { createTestAppWithAdmin, nextEvent, type TestApp } from '../../testing/test-app';
import { profilesChannels } from '../profiles/profiles.channels';

let app: TestApp;
let admin: TestUser;
const { call, ok } = trpcAs(() => app);
const db = () => app.database.db;

beforeAll(async () => {
  ({ app, admin } = await createTestAppWithAdmin());
});
afterAll(() => app?.close());

let schoolCount = 0;
/** A school of its own per test, so tests do not share domains. */
async function newSchool(name = `Hillside High ${++schoolCount}`, domains = [`hs${schoolCount}.edu`]) {
  const { id } = await ok(admin, 'schools.create', { name, domains });
  return { id, name, domains };
}

/** The token of the latest confirmation link queued for an address, read from the mail outbox. */
async function linkTokenFor(address: string): Promise<string> {
  const [mail] = await db()
    .select({ content: mailOutbox.content })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const url = mail?.content.action?.url ?? '';
  expect(url).toMatch(/^\/verify-school\?token=/);
  return decodeURIComponent(url.split('token=')[1]!);
}

/** A member verified through a school: the address given, the emailed link opened. */
async function verifiedMember(school: { domains: string[] }, firstName = 'Vera') {
  const member = await testUser(app, { firstName });
  const address = `${firstName.toLowerCase()}.${member.id.slice(0, 6)}@${school.domains[0]}`;
  await ok(member, 'schools.setEmail', { address });
  await ok(null, 'schools.verify', { token: await linkTokenFor(address) });
  return { member, address };
}

describe('a member verifies their school address', () => {
  it('only an address at a listed domain is accepted, with a clear message otherwise', async () => {
    const school = await newSchool();
    const member = await testUser(app);
    const refused = await call(member, 'schools.setEmail', { address: 'kid@unlisted-school.edu' });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe(SCHOOL_TEXTS.notListed);
    // A subdomain is not the listed domain.
    const sub = await call(member, 'schools.setEmail', { address: `kid@mail.${school.domains[0]}` });
    expect(sub.error?.message).toBe(SCHOOL_TEXTS.notListed);
    expect(await ok(member, 'schools.mine')).toBeNull();

    const mine = await ok(member, 'schools.setEmail', { address: `Kid@${school.domains[0]!.toUpperCase()}` });
    expect(mine).toMatchObject({ address: `kid@${school.domains[0]}`, schoolName: school.name, verified: false });
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, `kid@${school.domains[0]}`));
    expect(mail).toMatchObject({ userId: member.id, subject: 'Confirm your school email' });
    // An account email: no unsubscribe link.
    expect(mail!.content.unsubscribe).toBeUndefined();
  });

  it('the link verifies once: the profile, cards and service page show the school, never the address', async () => {
    const school = await newSchool();
    const member = await testUser(app, { firstName: 'Sam' });
    const address = `sam@${school.domains[0]}`;
    await ok(member, 'schools.setEmail', { address });
    const token = await linkTokenFor(address);
    // Only its hash is stored.
    const [row] = await db().select().from(memberSchoolEmails).where(eq(memberSchoolEmails.userId, member.id));
    expect(row!.tokenHash).not.toBe(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const before = await ok(null, 'profiles.public', { userId: member.id });
    expect(before).toMatchObject({ verifiedSchool: null, emailVerified: false });

    expect(await ok(null, 'schools.verify', { token })).toEqual({ schoolName: school.name });
    const second = await call(null, 'schools.verify', { token });
    expect(second.status).toBe(404);
    expect(second.error?.message).toBe(SCHOOL_TEXTS.linkInvalid);

    expect(await ok(null, 'profiles.public', { userId: member.id })).toMatchObject({ verifiedSchool: school.name });
    expect(await ok(member, 'profiles.mine')).toMatchObject({ verifiedSchool: school.name });
    expect(await ok(member, 'schools.mine')).toMatchObject({ address, verified: true, linkExpiresAt: null });

    const service = await ok(member, 'services.create', {
      title: 'Algebra tutoring',
      description: 'Weekly sessions for algebra and geometry.',
      category_id: SERVICE_CATEGORIES[0]!.id,
      price: 20,
      pricing_type: 'hourly',
      delivery_method: 'virtual',
      service_location: null,
      image_url: '',
    });
    const other = await testUser(app);
    expect(await ok(other, 'services.get', { id: service.id })).toMatchObject({
      ownerVerifiedSchool: school.name,
    });
    const cards = await ok(null, 'services.byUser', { userId: member.id });
    expect(cards[0]).toMatchObject({ ownerVerifiedSchool: school.name });
    const listing = await app.server.inject({ method: 'GET', url: '/api/listings/services?limit=60' });
    expect(listing.body).toContain(school.name);

    // Nothing public carries the address.
    const publicBodies = [
      JSON.stringify(await call(null, 'profiles.public', { userId: member.id })),
      JSON.stringify(await call(other, 'profiles.public', { userId: member.id })),
      JSON.stringify(await call(other, 'services.get', { id: service.id })),
      JSON.stringify(await call(null, 'services.byUser', { userId: member.id })),
      listing.body,
    ];
    for (const body of publicBodies) expect(body).not.toContain(address);
  });

  it('opening the link tells the member’s screens, with the school in their profile', async () => {
    const school = await newSchool();
    const member = await testUser(app);
    const address = `live@${school.domains[0]}`;
    await ok(member, 'schools.setEmail', { address });
    const heard = nextEvent(app, profilesChannels.profile(member.id));
    await ok(null, 'schools.verify', { token: await linkTokenFor(address) });
    const event = await heard;
    expect(event).toMatchObject({ type: 'profile-updated', profile: { id: member.id, verifiedSchool: school.name } });
    expect(JSON.stringify(event)).not.toContain(address);
  });

  it('a link is refused after 48 hours, and a new one can be asked for (the old one then fails)', async () => {
    const school = await newSchool();
    const member = await testUser(app);
    const address = `late@${school.domains[0]}`;
    const set = await ok(member, 'schools.setEmail', { address });
    const hours = (Date.parse(set.linkExpiresAt!) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(SCHOOL_LIMITS.linkHours - 0.1);
    expect(hours).toBeLessThanOrEqual(SCHOOL_LIMITS.linkHours);
    const first = await linkTokenFor(address);
    // Two days pass.
    await db()
      .update(memberSchoolEmails)
      .set({ tokenExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(memberSchoolEmails.userId, member.id));
    const expired = await call(null, 'schools.verify', { token: first });
    expect(expired.status).toBe(409);
    expect(expired.error?.message).toBe(SCHOOL_TEXTS.linkExpired);
    expect(await ok(null, 'profiles.public', { userId: member.id })).toMatchObject({ verifiedSchool: null });

    await ok(member, 'schools.resendLink');
    const second = await linkTokenFor(address);
    expect(second).not.toBe(first);
    expect((await call(null, 'schools.verify', { token: first })).status).toBe(404);
    await ok(member, 'schools.verify', { token: second });
    expect(await ok(null, 'profiles.public', { userId: member.id })).toMatchObject({ verifiedSchool: school.name });
  });

  it('confirmation emails are limited per member', async () => {
    const school = await newSchool();
    const member = await testUser(app);
    await ok(member, 'schools.setEmail', { address: `a@${school.domains[0]}` });
    for (let i = 1; i < SCHOOL_LIMITS.linksPerWindow; i++) await ok(member, 'schools.resendLink');
    const refused = await call(member, 'schools.resendLink');
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toBe(SCHOOL_TEXTS.tooManyLinks);
    // Removing the address and giving it again does not reset the count.
    await ok(member, 'schools.removeEmail');
    expect((await call(member, 'schools.setEmail', { address: `b@${school.domains[0]}` })).status).toBe(429);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.userId, member.id));
    // Beside the sign-up's own verification email.
    expect(mails.filter((m) => m.toAddress.endsWith(`@${school.domains[0]}`))).toHaveLength(
      SCHOOL_LIMITS.linksPerWindow,
    );
  });

  it('the member removes their address and the mark goes, on their live channel too', async () => {
    const school = await newSchool();
    const { member } = await verifiedMember(school);
    const heard = nextEvent(app, profilesChannels.profile(member.id));
    await ok(member, 'schools.removeEmail');
    expect(await heard).toMatchObject({ type: 'profile-updated', profile: { id: member.id, verifiedSchool: null } });
    expect(await ok(member, 'schools.mine')).toBeNull();
    expect(await ok(null, 'profiles.public', { userId: member.id })).toMatchObject({ verifiedSchool: null });
  });

  it('the account email mark follows users.email_verified', async () => {
    const member = await testUser(app);
    expect(await ok(null, 'profiles.public', { userId: member.id })).toMatchObject({ emailVerified: false });
    await db().execute(sql`update users set email_verified = true where id = ${member.id}`);
    expect(await ok(null, 'profiles.public', { userId: member.id })).toMatchObject({ emailVerified: true });
  });

  it('the sender delivers the link as a link on the site, without unsubscribe headers', async () => {
    const school = await newSchool();
    const member = await testUser(app);
    const address = `mail@${school.domains[0]}`;
    await ok(member, 'schools.setEmail', { address });
    const sent: OutgoingMessage[] = [];
    const sender = createMailSender({
      db: db(),
      transport: { destination: 'test', send: async (m) => void sent.push(m), close: () => {} },
      config: {
        PUBLIC_URL: 'https://skillnest.example',
        MAIL_FROM: 'SkillNest <no-reply@skillnest.example>',
        SESSION_SECRET: app.config.SESSION_SECRET,
      },
    });
    // Every sign-up of this file queued its verification email too: send until nothing is due.
    while ((await sender.sendDue()) > 0);
    const message = sent.find((m) => m.to === address);
    expect(message?.links[0]).toMatch(/^https:\/\/skillnest\.example\/verify-school\?token=/);
    expect(message?.headers).toEqual({});
  });
});

describe('admins list schools', () => {
  it('removing a school takes the mark from every member verified through it, and is audited', async () => {
    const school = await newSchool('Riverside College', ['riverside.edu', 'students.riverside.edu']);
    const a = await verifiedMember(school, 'Ann');
    const b = await verifiedMember({ domains: ['students.riverside.edu'] }, 'Ben');
    const listed = (await ok(admin, 'schools.list')).find((s) => s.id === school.id);
    expect(listed).toMatchObject({ name: 'Riverside College', verifiedMembers: 2 });
    expect(listed!.domains.map((d) => d.domain)).toEqual(['riverside.edu', 'students.riverside.edu']);

    expect(await ok(admin, 'schools.remove', { schoolId: school.id })).toEqual({ ok: true, membersUnverified: 2 });
    for (const { member } of [a, b]) {
      expect(await ok(null, 'profiles.public', { userId: member.id })).toMatchObject({ verifiedSchool: null });
      expect(await ok(member, 'schools.mine')).toBeNull();
    }
    const [entry] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'school.removed'), eq(auditEvents.subjectId, school.id)));
    expect(entry).toMatchObject({
      actorId: admin.id,
      details: {
        name: 'Riverside College',
        domains: ['riverside.edu', 'students.riverside.edu'],
        membersUnverified: 2,
      },
    });
  });

  it('removing a domain takes the mark from its members only; the last domain stays', async () => {
    const school = await newSchool('Westfield Academy', ['westfield.edu', 'wa.edu']);
    const kept = await verifiedMember(school, 'Kim');
    const gone = await verifiedMember({ domains: ['wa.edu'] }, 'Gus');
    const domains = (await ok(admin, 'schools.list')).find((s) => s.id === school.id)!.domains;
    const wa = domains.find((d) => d.domain === 'wa.edu')!;
    await ok(admin, 'schools.removeDomain', { domainId: wa.id });
    expect(await ok(null, 'profiles.public', { userId: gone.member.id })).toMatchObject({ verifiedSchool: null });
    expect(await ok(null, 'profiles.public', { userId: kept.member.id })).toMatchObject({
      verifiedSchool: 'Westfield Academy',
    });
    const last = domains.find((d) => d.domain === 'westfield.edu')!;
    const refused = await call(admin, 'schools.removeDomain', { domainId: last.id });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(SCHOOL_TEXTS.lastDomain);
  });

  it('renaming shows the new name on the marks; names and domains are unique; every change is audited', async () => {
    const school = await newSchool('Northgate', ['northgate.edu']);
    const { member } = await verifiedMember(school, 'Nia');
    await ok(admin, 'schools.rename', { schoolId: school.id, name: 'Northgate University' });
    expect(await ok(null, 'profiles.public', { userId: member.id })).toMatchObject({
      verifiedSchool: 'Northgate University',
    });

    const sameName = await call(admin, 'schools.create', { name: 'northgate university', domains: ['ng2.edu'] });
    expect(sameName.status).toBe(409);
    expect(sameName.error?.message).toBe(SCHOOL_TEXTS.nameTaken);
    const sameDomain = await call(admin, 'schools.create', { name: 'Other', domains: ['NorthGate.edu'] });
    expect(sameDomain.error?.message).toBe(SCHOOL_TEXTS.domainTaken('northgate.edu'));
    const added = await ok(admin, 'schools.addDomain', { schoolId: school.id, domain: 'ng.edu' });
    const taken = await call(admin, 'schools.addDomain', { schoolId: school.id, domain: 'ng.edu' });
    expect(taken.status).toBe(409);
    await ok(admin, 'schools.removeDomain', { domainId: added.id });

    const entries = await db()
      .select({ action: auditEvents.action, details: auditEvents.details, actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, school.id))
      .orderBy(auditEvents.createdAt);
    expect(entries.map((e) => e.action)).toEqual([
      'school.added',
      'school.renamed',
      'school.domain-added',
      'school.domain-removed',
    ]);
    expect(entries.every((e) => e.actorId === admin.id)).toBe(true);
    expect(entries[1]!.details).toEqual({ from: 'Northgate', to: 'Northgate University' });
    expect(entries[2]!.details).toEqual({ school: 'Northgate University', domain: 'ng.edu' });
    // The audit page names them in words.
    const page = await ok(admin, 'audit.list', { action: 'school.renamed' });
    expect(page.entries[0]).toMatchObject({ label: 'School renamed' });
  });

  it('a school has at most the allowed number of domains', async () => {
    const domains = Array.from({ length: SCHOOL_LIMITS.domainsMax }, (_, i) => `d${i}.max.edu`);
    const school = await newSchool('Maxed Out School', domains);
    const refused = await call(admin, 'schools.addDomain', { schoolId: school.id, domain: 'one-more.edu' });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(SCHOOL_TEXTS.tooManyDomains);
    const tooMany = await call(admin, 'schools.create', {
      name: 'Too Many',
      domains: [...domains.map((d) => `x${d}`), 'extra.edu'],
    });
    expect(tooMany.status).toBe(400);
  });
});
