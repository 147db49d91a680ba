import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../../domain/categories';
import { auditEvents } from '../../db/schema/audit';
import { feedback } from '../../db/schema/feedback';
import { polls } from '../../db/schema/moderation';
import { newsletterSubscriptions } from '../../db/schema/newsletter';
import { serviceReports, services } from '../../db/schema/services';
import { testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import { type TestApp, createTestAppWithAdmin } from '../../testing/test-app';
import { ADMIN_DASHBOARD_LIMITS } from '../../../domain/admin-dashboard';

let app: TestApp;
let admin: TestUser;
let owner: TestUser;
let member: TestUser;
const { call, ok } = trpcAs(() => app);

/** A time in the future, so rows made here are the newest whatever else the database holds. */
const future = (minutes: number) => new Date(Date.now() + 60 * 60_000 + minutes * 60_000);

beforeAll(async () => {
  ({ app, admin } = await createTestAppWithAdmin());
  owner = await testUser(app, { firstName: 'Olive', lastName: 'Owner' });
  member = await testUser(app, { firstName: 'Milo' });
});
afterAll(() => app?.close());

describe('admin.dashboard', () => {
  it('shows each section newest first and never more than its bound', async () => {
    const db = app.database.db;
    const extra = 4;
    await db.insert(services).values(
      Array.from({ length: ADMIN_DASHBOARD_LIMITS.services + extra }, (_, i) => ({
        userId: owner.id,
        title: `Bounded service ${i}`,
        categoryId: SERVICE_CATEGORIES[0]!.id,
        priceCents: 1000 + i,
        createdAt: future(i),
      })),
    );
    for (let i = 0; i < ADMIN_DASHBOARD_LIMITS.users + 1; i++)
      await testUser(app, { firstName: `Newcomer${i}`, lastName: 'Kid' });
    await db.insert(newsletterSubscriptions).values(
      Array.from({ length: ADMIN_DASHBOARD_LIMITS.newsletterOnly + extra }, (_, i) => ({
        email: `only-${i}-${Date.now()}@example.com`,
        subscribedAt: future(i),
      })),
    );
    await db.insert(feedback).values(
      Array.from({ length: ADMIN_DASHBOARD_LIMITS.feedback + extra }, (_, i) => ({
        userId: member.id,
        title: `Bounded feedback ${i}`,
        category: 'Bug Report' as const,
        message: 'Something broke.',
        createdAt: future(i),
        adminResponse: i === 0 ? 'x'.repeat(200) : null,
      })),
    );
    await db.insert(auditEvents).values(
      Array.from({ length: ADMIN_DASHBOARD_LIMITS.audit + extra }, (_, i) => ({
        action: `test.bounded-${i}`,
        actorId: admin.id,
        subjectId: owner.id,
        createdAt: future(i),
      })),
    );

    const d = await ok(admin, 'admin.dashboard');
    expect(d.services.map((s) => s.title)).toEqual(
      Array.from({ length: ADMIN_DASHBOARD_LIMITS.services }, (_, i) => `Bounded service ${11 - i}`),
    );
    expect(d.services[0]).toMatchObject({
      ownerName: 'Olive Owner',
      category: SERVICE_CATEGORIES[0]!.name,
      priceCents: 1011,
      reportCount: 0,
      hasActivePoll: false,
    });
    expect(d.users).toHaveLength(ADMIN_DASHBOARD_LIMITS.users);
    expect(d.users[0]!.name).toBe(`Newcomer${ADMIN_DASHBOARD_LIMITS.users} Kid`);
    // Signed up and so signed in: the session says when.
    expect(d.users[0]!.lastSignInAt).not.toBeNull();
    expect(d.newsletterOnly).toHaveLength(ADMIN_DASHBOARD_LIMITS.newsletterOnly);
    expect(d.feedback.items.map((f) => f.title)).toEqual(
      Array.from({ length: ADMIN_DASHBOARD_LIMITS.feedback }, (_, i) => `Bounded feedback ${13 - i}`),
    );
    expect(d.feedback.hasMore).toBe(true);
    expect(d.audit.map((a) => a.action)).toEqual(
      Array.from({ length: ADMIN_DASHBOARD_LIMITS.audit }, (_, i) => `test.bounded-${13 - i}`),
    );
  });

  it('lists only active subscriptions whose email matches no account, ignoring case', async () => {
    const db = app.database.db;
    const stranger = `stranger-${Date.now()}@example.com`;
    await db.insert(newsletterSubscriptions).values([
      // The member's own address in other letters: a registered user, not newsletter-only.
      { email: member.email.toUpperCase(), subscribedAt: future(100) },
      { email: `gone-${Date.now()}@example.com`, isActive: false, subscribedAt: future(101) },
      { email: stranger, subscribedAt: future(99) },
    ]);
    const d = await ok(admin, 'admin.dashboard');
    const emails = d.newsletterOnly.map((s) => s.email);
    expect(emails[0]).toBe(stranger);
    expect(emails.map((e) => e.toLowerCase())).not.toContain(member.email.toLowerCase());
  });

  it('counts reports, marks an active poll and lists passed polls and who did what', async () => {
    const db = app.database.db;
    const [service] = await db
      .insert(services)
      .values({ userId: owner.id, title: 'Reported service', priceCents: 500, createdAt: future(500) })
      .returning();
    await db.insert(serviceReports).values([
      { serviceId: service!.id, reporterId: member.id, reason: 'Spam or scam' },
      { serviceId: service!.id, reporterId: admin.id, reason: 'Spam or scam' },
    ]);
    await db.insert(polls).values([
      {
        pollType: 'service_deletion',
        serviceId: service!.id,
        title: 'Remove the reported service?',
        description: 'Reported twice.',
        expiresAt: future(10_000),
      },
      {
        pollType: 'user_ban',
        targetUserId: member.id,
        title: 'Ban Milo?',
        description: 'Many reports.',
        isActive: false,
        expiresAt: future(0),
        closedAt: future(600),
        outcome: 'passed',
      },
      {
        pollType: 'user_ban',
        targetUserId: owner.id,
        title: 'Ban Olive?',
        description: 'A failed one.',
        isActive: false,
        expiresAt: future(0),
        closedAt: future(601),
        outcome: 'failed',
      },
      {
        pollType: 'user_ban',
        targetUserId: owner.id,
        title: 'Ban Olive, reviewed?',
        description: 'Passed, and an admin has acted on it.',
        isActive: false,
        expiresAt: future(0),
        closedAt: future(602),
        outcome: 'passed',
        reviewedAt: future(603),
        reviewedBy: admin.id,
      },
    ]);
    await db.insert(auditEvents).values({ action: 'poll.closed', actorId: null, createdAt: future(700) });

    const d = await ok(admin, 'admin.dashboard');
    expect(d.services[0]).toMatchObject({ title: 'Reported service', reportCount: 2, hasActivePoll: true });
    expect(d.passedPolls[0]).toMatchObject({ title: 'Ban Milo?', pollType: 'user_ban', targetUserId: member.id });
    // Failed polls ask nothing of an admin; a reviewed one has been answered.
    expect(d.passedPolls.map((p) => p.title)).not.toContain('Ban Olive?');
    expect(d.passedPolls.map((p) => p.title)).not.toContain('Ban Olive, reviewed?');
    expect(d.audit[0]).toMatchObject({ action: 'poll.closed', actorName: null });
    expect(d.audit[1]!.actorName).not.toBeNull();
  });

  it('is refused to members (403) and visitors (401): emails and feedback are for admins only', async () => {
    const asMember = await call(member, 'admin.dashboard');
    expect(asMember.status).toBe(403);
    expect(asMember.data).toBeUndefined();
    const asVisitor = await call(null, 'admin.dashboard');
    expect(asVisitor.status).toBe(401);
    expect(asVisitor.data).toBeUndefined();
  });
});
