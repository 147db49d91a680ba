import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../../domain/categories';
import { POLL_DURATION_MS, POLL_MESSAGES } from '../../../domain/polls';
import { SERVICE_MESSAGES } from '../../../domain/services';
import { moderationChannels } from '../moderation/moderation.channels';
import { servicesChannels } from '../services/services.channels';
import { testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import {
  ADMIN_TEST_PASSWORD,
  createTestApp,
  nextEvent,
  signInAdmin,
  type TestApp,
  unlimitedMutations,
  uniqueEmail,
  upload,
} from '../../testing/test-app';
import { runPollSweep } from '../moderation/poll-sweep';
import { ADMIN_SERVICES_MESSAGES } from './admin-services-refusals';
import { ADMIN_SERVICES_PAGE_SIZE } from './list-admin-services';

/**
 * What a passed poll does (hides a service, flags a member), /admin-services' list (flagged
 * first, every service, 24 a page) and its actions (delete, restore, dismiss a ban poll), each with its audit row in
 * the same transaction, and their refusals, which change nothing.
 */
let app: TestApp;
let admin: TestUser;
let owner: TestUser;
let member: TestUser;
const voters: TestUser[] = [];
const { call, ok } = trpcAs(() => app);
const [category] = SERVICE_CATEGORIES;

const serviceInput = (title: string, image_url = '') => ({
  title,
  description: 'A long enough description for this service.',
  category_id: category!.id,
  price: 30,
  pricing_type: 'fixed' as const,
  delivery_method: 'virtual' as const,
  service_location: null,
  image_url,
});

async function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>) {
  return (await app.database.db.execute<T>(query)).rows;
}

const sweep = (at: Date) => runPollSweep({ db: app.database.db, events: app.events }, at);
const afterPolls = () => new Date(Date.now() + POLL_DURATION_MS + 60_000);

/** A poll about `subject` that ends with `yes` yes votes and `no` no votes, swept closed. */
async function endedPoll(
  subject: { serviceId: string } | { targetUserId: string },
  votes: { yes: number; no: number },
) {
  const poll = await ok(
    admin,
    'polls.create',
    'serviceId' in subject
      ? { pollType: 'service_deletion', serviceId: subject.serviceId, description: 'Reported by members' }
      : { pollType: 'user_ban', targetUserId: subject.targetUserId, description: 'Harassing members' },
  );
  const ballots = [...Array(votes.yes).fill('yes'), ...Array(votes.no).fill('no')] as ('yes' | 'no')[];
  for (const [i, vote] of ballots.entries()) await ok(voters[i]!, 'polls.vote', { pollId: poll.id, vote });
  await sweep(afterPolls());
  return poll.id;
}

const auditOf = (action: string, subjectId: string) =>
  rows<{ actor_id: string | null; details: Record<string, unknown> }>(
    sql`select actor_id, details from audit_events where action = ${action} and subject_id = ${subjectId}`,
  );

const hiddenAt = async (serviceId: string) =>
  (await rows<{ hidden_at: Date | null }>(sql`select hidden_at from services where id = ${serviceId}`))[0]?.hidden_at;

beforeAll(async () => {
  app = await createTestApp(
    { ADMIN_EMAIL: uniqueEmail('admin'), ADMIN_PASSWORD: ADMIN_TEST_PASSWORD },
    { mutationLimiter: unlimitedMutations },
  );
  admin = await signInAdmin(app);
  owner = await testUser(app, { firstName: 'Olive', lastName: 'Owner' });
  member = await testUser(app, { firstName: 'Mia', lastName: 'Member' });
  for (let i = 0; i < 6; i++) voters.push(await testUser(app, { firstName: `Voter${i}` }));
});
afterAll(() => app?.close());

describe('what an ended poll does', () => {
  it('a passed service_deletion poll hides the service, with its event, and the listings drop it live', async () => {
    const { id } = await ok(owner, 'services.create', serviceInput('Essay writing for you'));
    const catalogue = nextEvent(app, servicesChannels.catalogue);
    const outcome = nextEvent(app, moderationChannels.moderationAdmin, (e) => e.type === 'poll-outcome');
    const pollId = await endedPoll({ serviceId: id }, { yes: 4, no: 1 });
    await catalogue;
    expect(await outcome).toMatchObject({ type: 'poll-outcome', pollId, outcome: 'passed', serviceId: id });
    const [poll] = await rows<{ closed_at: Date }>(sql`select closed_at from polls where id = ${pollId}`);
    expect(await hiddenAt(id)).toEqual(poll!.closed_at);
    expect(
      await rows(sql`select 1 from domain_events where type = 'service.hidden' and payload ->> 'serviceId' = ${id}`),
    ).toHaveLength(1);
    expect((await call(member, 'services.get', { id })).status).toBe(404);
  });

  it('a failed poll hides nothing (too few votes, a tie, more no)', async () => {
    for (const votes of [
      { yes: 4, no: 0 },
      { yes: 3, no: 3 },
      { yes: 2, no: 4 },
    ]) {
      const { id } = await ok(owner, 'services.create', serviceInput(`Homework help ${votes.yes}-${votes.no}`));
      await endedPoll({ serviceId: id }, votes);
      expect(await hiddenAt(id), JSON.stringify(votes)).toBeNull();
      expect((await ok(member, 'services.get', { id })).id).toBe(id);
    }
  });

  it('a passed user_ban poll hides nothing: the member is flagged for an admin', async () => {
    const target = await testUser(app, { firstName: 'Tess' });
    const { id } = await ok(target, 'services.create', serviceInput('Tess tutoring'));
    const pollId = await endedPoll({ targetUserId: target.id }, { yes: 5, no: 0 });
    expect(await rows(sql`select 1 from polls where id = ${pollId} and outcome = 'passed'`)).toHaveLength(1);
    expect(await hiddenAt(id)).toBeNull();
    expect(await rows(sql`select 1 from user_suspensions where user_id = ${target.id}`)).toHaveLength(0);
  });

  it('suspending the member of a passed ban poll settles that poll in the same transaction, named in the audit', async () => {
    const target = await testUser(app, { firstName: 'Uma' });
    const pollId = await endedPoll({ targetUserId: target.id }, { yes: 5, no: 0 });
    await ok(admin, 'adminUsers.suspend', { userId: target.id, days: null, reason: 'Passed ban poll' });
    // Settled at once, not by a handler later.
    const [poll] = await rows<{ reviewed_at: Date | null; reviewed_by: string | null }>(
      sql`select reviewed_at, reviewed_by from polls where id = ${pollId}`,
    );
    expect(poll!.reviewed_at).not.toBeNull();
    expect(poll!.reviewed_by).toBe(admin.id);
    const [entry] = await rows<{ details: { reviewedPollIds: string[] } }>(
      sql`select details from audit_events where action = 'user.suspended' and subject_id = ${target.id}`,
    );
    expect(entry!.details.reviewedPollIds).toEqual([pollId]);
  });
});

describe('adminServices.list', () => {
  it('lists every service, flagged first by report count then newest, hidden ones included, 24 a page', async () => {
    const lister = await testUser(app, { firstName: 'Lou' });
    // Enough services for three pages, made by SQL (the list's order, not creation, is under test).
    await app.database.db.execute(sql`
      insert into services (user_id, title, description, category_id, price_cents, created_at)
      select ${lister.id}, 'Bulk service ' || i, 'A long enough description.', ${category!.id}, 1000,
             now() - (i || ' minutes')::interval
      from generate_series(1, 50) i`);
    const { id: twice } = await ok(owner, 'services.create', serviceInput('Reported twice'));
    const { id: once } = await ok(owner, 'services.create', serviceInput('Reported once'));
    await ok(member, 'reports.submit', { serviceId: twice, reason: 'Spam or scam', description: 'Scam' });
    await ok(voters[0]!, 'reports.submit', { serviceId: twice, reason: 'Other', description: 'Odd' });
    await ok(member, 'reports.submit', { serviceId: once, reason: 'Other', description: 'Odd' });
    const { id: hidden } = await ok(owner, 'services.create', serviceInput('Hidden by a poll'));
    const pollId = await endedPoll({ serviceId: hidden }, { yes: 5, no: 0 });
    const { id: polled } = await ok(owner, 'services.create', serviceInput('Poll running'));
    const running = await ok(admin, 'polls.create', {
      pollType: 'service_deletion',
      serviceId: polled,
      description: 'Check it',
    });

    const cards = [];
    let cursor = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof listPage>> = await listPage(cursor);
      expect(page.items.length).toBeLessThanOrEqual(ADMIN_SERVICES_PAGE_SIZE);
      cards.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    const total = await rows<{ n: number }>(sql`select count(*)::int as n from services`);
    expect(cards).toHaveLength(total[0]!.n);
    expect(new Set(cards.map((c) => c.id)).size).toBe(cards.length);
    expect(pages).toBe(Math.ceil(cards.length / ADMIN_SERVICES_PAGE_SIZE));

    // Flagged first, most reports first; then newest first.
    expect(cards[0]).toMatchObject({ id: twice, reportCount: 2, ownerName: 'Olive Owner', category: category!.name });
    expect(cards[1]).toMatchObject({ id: once, reportCount: 1 });
    const unflagged = cards.filter((c) => c.reportCount === 0);
    expect(cards.slice(cards.length - unflagged.length)).toEqual(unflagged);
    const times = unflagged.map((c) => c.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    expect(cards.find((c) => c.id === hidden)).toMatchObject({ pendingPollId: pollId, hasActivePoll: false });
    expect(cards.find((c) => c.id === hidden)?.hiddenAt).not.toBeNull();
    expect(cards.find((c) => c.id === polled)).toMatchObject({
      activePollId: running.id,
      hasActivePoll: true,
      hiddenAt: null,
      pendingPollId: null,
    });
  });

  function listPage(cursor: unknown) {
    return ok(admin, 'adminServices.list', { cursor: cursor as never });
  }
});

describe('adminServices.delete', () => {
  it("deletes anyone's service and its image, audited with title and owner, and the listings hear of it", async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#345678' } })
      .png()
      .toBuffer();
    const { json } = await upload(app, 'service', png, { cookie: owner.cookie });
    const { id } = await ok(owner, 'services.create', serviceInput('Service with a picture', json.url!));
    expect((await app.server.inject({ url: json.url! })).statusCode).toBe(200);
    const pollId = await endedPoll({ serviceId: id }, { yes: 5, no: 0 });

    const removed = nextEvent(app, moderationChannels.moderationAdmin, (e) => e.type === 'service-removed');
    const catalogue = nextEvent(app, servicesChannels.catalogue);
    await ok(admin, 'adminServices.delete', { serviceId: id, reason: '  Scam confirmed ' });
    expect(await removed).toEqual({ type: 'service-removed', serviceId: id });
    await catalogue;
    expect(await rows(sql`select 1 from services where id = ${id}`)).toHaveLength(0);
    expect((await app.server.inject({ url: json.url! })).statusCode).toBe(404);
    expect(await auditOf('service.deleted', id)).toEqual([
      {
        actor_id: admin.id,
        details: {
          title: 'Service with a picture',
          ownerId: owner.id,
          reason: 'Scam confirmed',
          reviewedPollIds: [pollId],
        },
      },
    ]);
    // Its passed poll went with it (cascade): it no longer waits on the dashboard.
    expect(await rows(sql`select 1 from polls where id = ${pollId}`)).toHaveLength(0);
    expect(
      await rows(sql`select 1 from domain_events where type = 'service.deleted' and payload ->> 'actorId' = ${admin.id}
        and payload ->> 'serviceId' = ${id}`),
    ).toHaveLength(1);
  });

  it('a missing service is refused with the not-found text and nothing is recorded', async () => {
    const before = await rows(sql`select count(*)::int as n from audit_events`);
    const result = await call(admin, 'adminServices.delete', {
      serviceId: '00000000-0000-4000-8000-000000000000',
      reason: 'Missing',
    });
    expect(result.status).toBe(404);
    expect(result.error?.message).toBe(SERVICE_MESSAGES.notFound);
    expect(await rows(sql`select count(*)::int as n from audit_events`)).toEqual(before);
  });
});

describe('adminServices.restore', () => {
  it('puts a hidden service back, marks its poll reviewed and audits it, in one go', async () => {
    const { id } = await ok(owner, 'services.create', serviceInput('Back after review'));
    const pollId = await endedPoll({ serviceId: id }, { yes: 5, no: 0 });
    expect((await call(member, 'services.get', { id })).status).toBe(404);

    const catalogue = nextEvent(app, servicesChannels.catalogue);
    await ok(admin, 'adminServices.restore', { serviceId: id, reason: ' Reports were a misunderstanding ' });
    await catalogue;
    expect(await hiddenAt(id)).toBeNull();
    expect((await ok(member, 'services.get', { id })).id).toBe(id);
    const [poll] = await rows<{ reviewed_by: string | null; reviewed_at: Date | null }>(
      sql`select reviewed_by, reviewed_at from polls where id = ${pollId}`,
    );
    expect(poll).toMatchObject({ reviewed_by: admin.id });
    expect(poll!.reviewed_at).not.toBeNull();
    expect(await auditOf('service.restored', id)).toEqual([
      {
        actor_id: admin.id,
        details: {
          title: 'Back after review',
          ownerId: owner.id,
          reason: 'Reports were a misunderstanding',
          reviewedPollIds: [pollId],
          wasHidden: true,
        },
      },
    ]);
  });

  it('a service that is not hidden, or missing, is refused and nothing changes', async () => {
    const { id } = await ok(owner, 'services.create', serviceInput('Never hidden'));
    const before = await rows(sql`select count(*)::int as n from audit_events`);
    const notHidden = await call(admin, 'adminServices.restore', { serviceId: id, reason: 'Nothing to do' });
    expect(notHidden.status).toBe(409);
    expect(notHidden.error?.message).toBe(ADMIN_SERVICES_MESSAGES.notHidden);
    const missing = await call(admin, 'adminServices.restore', {
      serviceId: '00000000-0000-4000-8000-000000000000',
      reason: 'Missing',
    });
    expect(missing.status).toBe(404);
    expect(await rows(sql`select count(*)::int as n from audit_events`)).toEqual(before);
  });
});

describe('the why of each admin decision', () => {
  it('restore, delete and dismiss refuse a blank reason with 400, changing nothing', async () => {
    const { id } = await ok(owner, 'services.create', serviceInput('Reason required'));
    await endedPoll({ serviceId: id }, { yes: 5, no: 0 });
    const target = await testUser(app, { firstName: 'Rae' });
    const banPoll = await endedPoll({ targetUserId: target.id }, { yes: 5, no: 0 });
    const before = await rows(sql`select id, hidden_at from services order by id`);
    const polls = await rows(sql`select id, reviewed_at from polls order by id`);
    const audits = await rows(sql`select count(*)::int as n from audit_events`);
    for (const reason of [undefined, '', '   ']) {
      for (const [path, input] of [
        ['adminServices.restore', { serviceId: id, reason }],
        ['adminServices.delete', { serviceId: id, reason }],
        ['adminServices.dismissPoll', { pollId: banPoll, reason }],
      ] as const) {
        // Typed as what a crafted request may send: the schema, not the compiler, must refuse it.
        expect((await call(admin, path, input as never)).status, `${path} ${JSON.stringify(reason)}`).toBe(400);
      }
    }
    expect(await rows(sql`select id, hidden_at from services order by id`)).toEqual(before);
    expect(await rows(sql`select id, reviewed_at from polls order by id`)).toEqual(polls);
    expect(await rows(sql`select count(*)::int as n from audit_events`)).toEqual(audits);
  });
});

describe('a passed poll whose service is not hidden', () => {
  it('restore settles it: the poll is marked reviewed and audited, and the service stays listed', async () => {
    const { id } = await ok(owner, 'services.create', serviceInput('Passed before hiding existed'));
    const pollId = await endedPoll({ serviceId: id }, { yes: 5, no: 0 });
    // As a poll that passed before migration 0023 left it: passed, unreviewed, the service not hidden.
    await app.database.db.execute(sql`update services set hidden_at = null where id = ${id}`);
    await ok(admin, 'adminServices.restore', { serviceId: id, reason: 'Checked: it is fine' });
    expect(await hiddenAt(id)).toBeNull();
    const [poll] = await rows<{ reviewed_by: string | null }>(sql`select reviewed_by from polls where id = ${pollId}`);
    expect(poll!.reviewed_by).toBe(admin.id);
    expect(await auditOf('service.restored', id)).toEqual([
      {
        actor_id: admin.id,
        details: {
          title: 'Passed before hiding existed',
          ownerId: owner.id,
          reason: 'Checked: it is fine',
          reviewedPollIds: [pollId],
          wasHidden: false,
        },
      },
    ]);
    // Settled: a second restore has nothing left to decide.
    const again = await call(admin, 'adminServices.restore', { serviceId: id, reason: 'Again' });
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe(ADMIN_SERVICES_MESSAGES.notHidden);
  });
});

describe('polls and hidden services', () => {
  it('a poll about a hidden service is refused with 409, and no poll is started', async () => {
    const { id } = await ok(owner, 'services.create', serviceInput('Hidden then polled'));
    await endedPoll({ serviceId: id }, { yes: 5, no: 0 });
    const before = await rows(sql`select id from polls where service_id = ${id}`);
    const result = await call(admin, 'polls.create', {
      pollType: 'service_deletion',
      serviceId: id,
      description: 'Once more',
    });
    expect(result.status).toBe(409);
    expect(result.error?.message).toBe(POLL_MESSAGES.serviceHidden);
    expect(await rows(sql`select id from polls where service_id = ${id}`)).toEqual(before);
  });

  it("a started poll reaches other admins' pages at once, with its service", async () => {
    const { id } = await ok(owner, 'services.create', serviceInput('Polled by another admin'));
    const started = nextEvent(app, moderationChannels.moderationAdmin, (e) => e.type === 'poll-started');
    const poll = await ok(admin, 'polls.create', { pollType: 'service_deletion', serviceId: id, description: 'Why' });
    expect(await started).toEqual({
      type: 'poll-started',
      pollId: poll.id,
      pollType: 'service_deletion',
      serviceId: id,
      targetUserId: null,
    });
  });
});

describe('an owner and their hidden service', () => {
  it('cannot delete it while an admin reviews it; its reports and poll stay; once restored they can', async () => {
    const { id } = await ok(owner, 'services.create', serviceInput('Hidden, owner tries to delete'));
    await ok(member, 'reports.submit', { serviceId: id, reason: 'Spam or scam', description: 'Took my money' });
    const pollId = await endedPoll({ serviceId: id }, { yes: 5, no: 0 });
    const refused = await call(owner, 'services.delete', { id });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(SERVICE_MESSAGES.underReview);
    expect(await rows(sql`select 1 from services where id = ${id}`)).toHaveLength(1);
    expect(await rows(sql`select 1 from service_reports where service_id = ${id}`)).toHaveLength(1);
    expect(await rows(sql`select 1 from polls where id = ${pollId}`)).toHaveLength(1);

    await ok(admin, 'adminServices.restore', { serviceId: id, reason: 'Resolved with the reporter' });
    await ok(owner, 'services.delete', { id });
    expect(await rows(sql`select 1 from services where id = ${id}`)).toHaveLength(0);
  });
});

describe('one lock order: poll rows before the service row', () => {
  /**
   * Plays the poll sweep's close by hand on its own connection: lock the active poll, let the delete start, then
   * hide the service (close-poll.ts's order). Deleting the other way round (service row first, its polls by the
   * cascade) deadlocked here on PostgreSQL; now the delete waits for the poll and goes after the close.
   */
  async function closeWhileDeleting(serviceId: string, pollId: string, remove: () => Promise<{ status: number }>) {
    const session = await app.database.db.$client.connect();
    let deleting: Promise<{ status: number }> | null = null;
    try {
      await session.query('begin');
      await session.query('select id from polls where id = $1 for update', [pollId]);
      deleting = remove();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await session.query('update services set hidden_at = now() where id = $1 and hidden_at is null', [serviceId]);
      await session.query('commit');
    } catch (error) {
      await session.query('rollback');
      throw error;
    } finally {
      // Released before waiting for the delete: it may need this very connection (a small test pool).
      session.release();
    }
    return deleting;
  }

  it("an admin's delete meeting a closing poll waits for it, then deletes", async () => {
    const { id } = await ok(owner, 'services.create', serviceInput('Deleted while its poll closes'));
    const poll = await ok(admin, 'polls.create', { pollType: 'service_deletion', serviceId: id, description: 'Why' });
    const result = await closeWhileDeleting(id, poll.id, () =>
      call(admin, 'adminServices.delete', { serviceId: id, reason: 'Scam' }),
    );
    expect(result.status).toBe(200);
    expect(await rows(sql`select 1 from services where id = ${id}`)).toHaveLength(0);
  });

  it("an owner's delete meeting a poll that hides the service waits, then sees it hidden and is refused", async () => {
    const { id } = await ok(owner, 'services.create', serviceInput('Owner deletes while it closes'));
    const poll = await ok(admin, 'polls.create', { pollType: 'service_deletion', serviceId: id, description: 'Why' });
    const result = await closeWhileDeleting(id, poll.id, () => call(owner, 'services.delete', { id }));
    expect(result.status).toBe(409);
    expect(await rows(sql`select 1 from services where id = ${id}`)).toHaveLength(1);
  });
});

describe('adminServices.dismissPoll', () => {
  it('settles a passed ban poll without suspending anyone, audited', async () => {
    const target = await testUser(app, { firstName: 'Vic' });
    const pollId = await endedPoll({ targetUserId: target.id }, { yes: 5, no: 0 });
    await ok(admin, 'adminServices.dismissPoll', { pollId, reason: 'A misunderstanding' });
    const [poll] = await rows<{ reviewed_by: string | null }>(sql`select reviewed_by from polls where id = ${pollId}`);
    expect(poll!.reviewed_by).toBe(admin.id);
    const audit = await auditOf('poll.dismissed', target.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.id, details: { pollId, reason: 'A misunderstanding' } });
    expect(await rows(sql`select 1 from user_suspensions where user_id = ${target.id}`)).toHaveLength(0);

    // Once settled, a second dismissal is refused.
    const again = await call(admin, 'adminServices.dismissPoll', { pollId, reason: 'Again' });
    expect(again.status).toBe(409);
    expect(await auditOf('poll.dismissed', target.id)).toHaveLength(1);
  });

  it('is refused for a running, failed or service poll, and a missing one, changing nothing', async () => {
    const target = await testUser(app, { firstName: 'Wes' });
    const failed = await endedPoll({ targetUserId: target.id }, { yes: 1, no: 4 });
    const { id } = await ok(owner, 'services.create', serviceInput('Service poll'));
    const servicePoll = await endedPoll({ serviceId: id }, { yes: 5, no: 0 });
    // Started after the sweeps above, so it is still running.
    const running = (
      await ok(admin, 'polls.create', { pollType: 'user_ban', targetUserId: target.id, description: 'Again' })
    ).id;
    const before = await rows(sql`select id, reviewed_at from polls order by id`);
    const audits = await rows(sql`select count(*)::int as n from audit_events`);
    for (const pollId of [failed, running, servicePoll]) {
      const result = await call(admin, 'adminServices.dismissPoll', { pollId, reason: 'Not this one' });
      expect(result.status, pollId).toBe(409);
      expect(result.error?.message).toBe(ADMIN_SERVICES_MESSAGES.notDismissible);
    }
    const missing = await call(admin, 'adminServices.dismissPoll', {
      pollId: '00000000-0000-4000-8000-000000000000',
      reason: 'Missing',
    });
    expect(missing.status).toBe(404);
    expect(missing.error?.message).toBe(POLL_MESSAGES.pollNotFound);
    expect(await rows(sql`select id, reviewed_at from polls order by id`)).toEqual(before);
    expect(await rows(sql`select count(*)::int as n from audit_events`)).toEqual(audits);
  });
});

describe('every adminServices procedure is for admins only', () => {
  it('a member gets 403 and a visitor 401, and nothing changes', async () => {
    const { id } = await ok(owner, 'services.create', serviceInput('Not yours to delete'));
    await app.database.db.execute(sql`update services set hidden_at = now() where id = ${id}`);
    const before = await rows(sql`select id, hidden_at from services order by id`);
    for (const [who, status] of [
      [member, 403],
      [null, 401],
    ] as const) {
      expect((await call(who, 'adminServices.list', {})).status).toBe(status);
      expect((await call(who, 'adminServices.delete', { serviceId: id, reason: 'x' })).status).toBe(status);
      expect((await call(who, 'adminServices.restore', { serviceId: id, reason: 'x' })).status).toBe(status);
      expect((await call(who, 'adminServices.dismissPoll', { pollId: id, reason: 'x' })).status).toBe(status);
    }
    // The owner is a member too: their own service is not theirs to restore.
    expect((await call(owner, 'adminServices.restore', { serviceId: id, reason: 'Mine' })).status).toBe(403);
    expect(await rows(sql`select id, hidden_at from services order by id`)).toEqual(before);
  });
});
