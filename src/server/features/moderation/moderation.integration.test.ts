import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLL_DURATION_MS, POLL_MESSAGES, REPORT_MESSAGES, voteRefusal } from '../../../domain/polls';
import { moderationChannels } from './moderation.channels';
import { testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import {
  ADMIN_TEST_PASSWORD,
  createTestApp,
  nextEvent,
  signInAdmin,
  type TestApp,
  unlimitedMutations,
  uniqueEmail,
} from '../../testing/test-app';
import { closeExpiredPoll } from './close-poll';
import { runPollSweep } from './poll-sweep';

let app: TestApp;
let admin: TestUser;
let provider: TestUser;
let member: TestUser;
const voters: TestUser[] = [];
const { call, ok } = trpcAs(() => app);

const validService = (title: string) => ({
  title,
  description: 'One hour of algebra tutoring over video, with notes.',
  category_id: null as unknown as string,
  price: 40,
  pricing_type: 'fixed' as const,
  delivery_method: 'virtual' as const,
  service_location: null,
  image_url: '',
});

async function newService(title = 'Algebra tutoring hour') {
  const categories = await app.database.db.execute<{ id: string }>(sql`select id from service_categories limit 1`);
  return ok(provider, 'services.create', { ...validService(title), category_id: categories.rows[0]!.id });
}

const sweepDeps = () => ({ db: app.database.db, events: app.events });

async function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>) {
  return (await app.database.db.execute<T>(query)).rows;
}

beforeAll(async () => {
  app = await createTestApp(
    { ADMIN_EMAIL: uniqueEmail('admin'), ADMIN_PASSWORD: ADMIN_TEST_PASSWORD },
    { mutationLimiter: unlimitedMutations },
  );
  admin = await signInAdmin(app);
  provider = await testUser(app, { firstName: 'Priya', lastName: 'Provider' });
  member = await testUser(app, { firstName: 'Mia', lastName: 'Member' });
  for (let i = 0; i < 5; i++) voters.push(await testUser(app, { firstName: `Voter${i}`, lastName: 'Student' }));
});
afterAll(() => app.close());

describe('reporting a service', () => {
  it('a member reports once; an admin sees the count and the report with its reporter, live too', async () => {
    const service = await newService();
    const live = nextEvent(app, moderationChannels.moderationAdmin, (e) => e.type === 'report-submitted');
    await ok(member, 'reports.submit', { serviceId: service.id, reason: 'Spam or scam', description: '  Fake offer ' });
    expect(await live).toMatchObject({
      type: 'report-submitted',
      serviceId: service.id,
      reportCount: 1,
      report: { reason: 'Spam or scam', description: 'Fake offer', reporterName: 'Mia Member' },
    });
    const counts = await ok(admin, 'reports.counts', { serviceIds: [service.id] });
    expect(counts).toEqual([{ serviceId: service.id, reportCount: 1, activePollId: null }]);
    const reports = await ok(admin, 'reports.forService', { serviceId: service.id });
    expect(reports).toEqual([expect.objectContaining({ reason: 'Spam or scam', reporterName: 'Mia Member' })]);

    const again = await call(member, 'reports.submit', { serviceId: service.id, reason: 'Other', description: 'x' });
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe(REPORT_MESSAGES.alreadyReported);
    expect(await rows(sql`select id from service_reports where service_id = ${service.id}`)).toHaveLength(1);
  });

  it('two reports by one member at once store one', async () => {
    const service = await newService('Chemistry homework help');
    const input = { serviceId: service.id, reason: 'Misleading' as const, description: 'Not what it says' };
    const results = await Promise.all([
      call(member, 'reports.submit', input),
      call(member, 'reports.submit', input),
      call(member, 'reports.submit', input),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await rows(sql`select id from service_reports where service_id = ${service.id}`)).toHaveLength(1);
  });

  it('refuses reporting your own service and a service that does not exist', async () => {
    const service = await newService('Essay proofreading');
    const own = await call(provider, 'reports.submit', { serviceId: service.id, reason: 'Other', description: 'x' });
    expect(own.status).toBe(403);
    expect(own.error?.message).toBe(REPORT_MESSAGES.ownService);
    const missing = await call(member, 'reports.submit', {
      serviceId: '00000000-0000-4000-8000-000000000000',
      reason: 'Other',
      description: 'x',
    });
    expect(missing.status).toBe(404);
    expect(await rows(sql`select id from service_reports where service_id = ${service.id}`)).toHaveLength(0);
  });
});

describe('starting a poll', () => {
  it('an admin starts a 7-day poll with the default title, recorded in audit_events, announced to members', async () => {
    const service = await newService('Guitar lessons');
    const live = nextEvent(app, moderationChannels.polls, (e) => e.type === 'poll-created');
    const before = Date.now();
    const poll = await ok(admin, 'polls.create', {
      pollType: 'service_deletion',
      serviceId: service.id,
      description: 'Reported as a scam',
    });
    expect(poll).toMatchObject({ title: 'Remove service: Guitar lessons', subjectName: 'Guitar lessons', yes: 0 });
    const expires = new Date(poll.expiresAt).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(POLL_DURATION_MS - 5_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(POLL_DURATION_MS);
    expect(await live).toMatchObject({ type: 'poll-created', poll: { id: poll.id } });
    const audit = await rows<{ action: string; actor_id: string }>(
      sql`select action, actor_id from audit_events where details->>'pollId' = ${poll.id}`,
    );
    expect(audit).toEqual([{ action: 'poll.started', actor_id: admin.id }]);
    const counts = await ok(admin, 'reports.counts', { serviceIds: [service.id] });
    expect(counts[0]?.activePollId).toBe(poll.id);
  });

  it('refuses a second active poll on the same service, also two at once', async () => {
    const service = await newService('Piano lessons');
    const input = { pollType: 'service_deletion' as const, serviceId: service.id, description: 'Spam' };
    const results = await Promise.all([
      call(admin, 'polls.create', input),
      call(admin, 'polls.create', input),
      call(admin, 'polls.create', input),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(results.find((r) => r.status === 409)?.error?.message).toBe(POLL_MESSAGES.alreadyActive);
    expect(await rows(sql`select id from polls where service_id = ${service.id}`)).toHaveLength(1);
  });

  it('a user_ban poll names the user by first name and last initial, and one active poll per user', async () => {
    const target = await testUser(app, { firstName: 'Tess', lastName: 'Target' });
    const poll = await ok(admin, 'polls.create', {
      pollType: 'user_ban',
      targetUserId: target.id,
      description: 'Harassing younger members',
    });
    expect(poll).toMatchObject({ title: 'Ban user: Tess T.', subjectName: 'Tess T.' });
    const listed = (await ok(member, 'polls.list')).polls.find((p) => p.id === poll.id);
    expect(JSON.stringify(listed)).not.toContain(target.email);
    const second = await call(admin, 'polls.create', {
      pollType: 'user_ban',
      targetUserId: target.id,
      description: 'x',
    });
    expect(second.status).toBe(409);
  });

  it('refuses a blank reason and an unknown subject, writing nothing', async () => {
    const service = await newService('Drawing class');
    const blank = await call(admin, 'polls.create', {
      pollType: 'service_deletion',
      serviceId: service.id,
      description: ' ',
    });
    expect(blank.status).toBe(400);
    expect(blank.error?.message).toBe(POLL_MESSAGES.reasonRequired);
    const unknownUser = await call(admin, 'polls.create', {
      pollType: 'user_ban',
      targetUserId: 'nobody',
      description: 'x',
    });
    expect(unknownUser.status).toBe(404);
    expect(await rows(sql`select id from polls where service_id = ${service.id}`)).toHaveLength(0);
  });
});

describe('voting', () => {
  it('a member votes once; the counts and their own vote show, and travel live', async () => {
    const service = await newService('Math olympiad prep');
    const poll = await ok(admin, 'polls.create', {
      pollType: 'service_deletion',
      serviceId: service.id,
      description: 'x',
    });
    const live = nextEvent(app, moderationChannels.polls, (e) => e.type === 'poll-votes' && e.pollId === poll.id);
    expect(await ok(member, 'polls.vote', { pollId: poll.id, vote: 'yes' })).toMatchObject({
      yes: 1,
      no: 0,
      myVote: 'yes',
    });
    expect(await live).toEqual({ type: 'poll-votes', pollId: poll.id, yes: 1, no: 0 });
    const mine = (await ok(member, 'polls.list')).polls.find((p) => p.id === poll.id);
    expect(mine).toMatchObject({ yes: 1, no: 0, myVote: 'yes' });
    const theirs = (await ok(voters[0]!, 'polls.list')).polls.find((p) => p.id === poll.id);
    expect(theirs?.myVote).toBeNull();

    const again = await call(member, 'polls.vote', { pollId: poll.id, vote: 'no' });
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe(POLL_MESSAGES.alreadyVoted);
    expect(await rows(sql`select vote from poll_votes where poll_id = ${poll.id}`)).toEqual([{ vote: 'yes' }]);
  });

  it('two votes by one member at once: the key keeps one', async () => {
    const service = await newService('Coding club');
    const poll = await ok(admin, 'polls.create', {
      pollType: 'service_deletion',
      serviceId: service.id,
      description: 'x',
    });
    const results = await Promise.all([
      call(member, 'polls.vote', { pollId: poll.id, vote: 'yes' }),
      call(member, 'polls.vote', { pollId: poll.id, vote: 'no' }),
      call(member, 'polls.vote', { pollId: poll.id, vote: 'yes' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await rows(sql`select user_id from poll_votes where poll_id = ${poll.id}`)).toHaveLength(1);
  });

  it('refuses a vote on an expired poll and on a closed one', async () => {
    const service = await newService('Spanish conversation');
    const poll = await ok(admin, 'polls.create', {
      pollType: 'service_deletion',
      serviceId: service.id,
      description: 'x',
    });
    await app.database.db.execute(sql`update polls set expires_at = now() - interval '1 minute' where id = ${poll.id}`);
    const expired = await call(member, 'polls.vote', { pollId: poll.id, vote: 'yes' });
    expect(expired.status).toBe(409);
    expect(expired.error?.message).toBe(POLL_MESSAGES.pollEnded);
    await runPollSweep(sweepDeps(), new Date());
    const closed = await call(member, 'polls.vote', { pollId: poll.id, vote: 'yes' });
    expect(closed.status).toBe(409);
    expect(await rows(sql`select user_id from poll_votes where poll_id = ${poll.id}`)).toHaveLength(0);
    const unknown = await call(member, 'polls.vote', { pollId: '00000000-0000-4000-8000-000000000000', vote: 'yes' });
    expect(unknown.status).toBe(404);
  });

  it('the list gives each viewer what the card needs to say why they may not vote, and the server refuses the same', async () => {
    const service = await newService('Guitar lessons');
    const target = await testUser(app, { firstName: 'Tariq', lastName: 'Subject' });
    const removal = await ok(admin, 'polls.create', {
      pollType: 'service_deletion',
      serviceId: service.id,
      description: 'x',
    });
    const ban = await ok(admin, 'polls.create', { pollType: 'user_ban', targetUserId: target.id, description: 'x' });
    const fresh = await testUser(app);
    const cases = [
      [provider, removal.id, POLL_MESSAGES.ownServiceVote],
      [provider, ban.id, null],
      [target, ban.id, POLL_MESSAGES.selfVote],
      [target, removal.id, null],
      [fresh, removal.id, POLL_MESSAGES.accountTooNew],
      [fresh, ban.id, POLL_MESSAGES.accountTooNew],
      [member, removal.id, null],
    ] as const;
    for (const [viewer, pollId, expected] of cases) {
      const list = await ok(viewer, 'polls.list');
      const listed = list.polls.find((p) => p.id === pollId)!;
      // The viewer's own id and account creation, and the service's public owner id: nobody's private fields.
      expect(list.voter?.id).toBe(viewer.id);
      expect(voteRefusal(listed, list.voter)).toBe(expected);
      const result = await call(viewer, 'polls.vote', { pollId, vote: 'no' });
      if (expected) {
        expect(result.status).toBe(403);
        expect(result.error?.message).toBe(expected);
      } else {
        expect(result.status).toBe(200);
      }
    }
    const everyone = JSON.stringify((await ok(member, 'polls.list')).polls);
    expect(everyone).not.toContain(target.email);
    expect(everyone).not.toContain('Subject');
  });
});

describe('when a poll ends', () => {
  it('passes with a yes majority of at least 5 votes: recorded, audited and told to admins', async () => {
    const service = await newService('Photography basics');
    const poll = await ok(admin, 'polls.create', {
      pollType: 'service_deletion',
      serviceId: service.id,
      description: 'x',
    });
    for (const [i, voter] of voters.entries()) {
      await ok(voter, 'polls.vote', { pollId: poll.id, vote: i < 3 ? 'yes' : 'no' });
    }
    await app.database.db.execute(sql`update polls set expires_at = now() - interval '1 second' where id = ${poll.id}`);
    const toAdmins = nextEvent(
      app,
      moderationChannels.moderationAdmin,
      (e) => e.type === 'poll-outcome' && e.pollId === poll.id,
    );
    const toMembers = nextEvent(app, moderationChannels.polls, (e) => e.type === 'poll-closed' && e.pollId === poll.id);
    const closed = await runPollSweep(sweepDeps(), new Date());
    expect(closed).toContainEqual({ pollId: poll.id, outcome: 'passed', yes: 3, no: 2 });
    expect(await toAdmins).toMatchObject({ outcome: 'passed', pollType: 'service_deletion', serviceId: service.id });
    expect(await toMembers).toMatchObject({ outcome: 'passed' });
    const [stored] = await rows<{ is_active: boolean; outcome: string; closed_at: string | null }>(
      sql`select is_active, outcome, closed_at from polls where id = ${poll.id}`,
    );
    expect(stored).toMatchObject({ is_active: false, outcome: 'passed' });
    expect(stored?.closed_at).not.toBeNull();
    const audit = await rows<{ action: string }>(
      sql`select action from audit_events where details->>'pollId' = ${poll.id} order by created_at`,
    );
    expect(audit.map((a) => a.action)).toEqual(['poll.started', 'poll.closed']);
    expect((await ok(member, 'polls.list')).polls.some((p) => p.id === poll.id)).toBe(false);
    // A second sweep closes nothing again.
    expect(await runPollSweep(sweepDeps(), new Date())).not.toContainEqual(
      expect.objectContaining({ pollId: poll.id }),
    );
    // Hidden now, the service waits for an admin: no new poll about it until it is restored.
    const again = { pollType: 'service_deletion', serviceId: service.id, description: 'Again' } as const;
    expect((await call(admin, 'polls.create', again)).error?.message).toBe(POLL_MESSAGES.serviceHidden);
    await ok(admin, 'adminServices.restore', { serviceId: service.id, reason: 'Reviewed: it may stay' });
    await ok(admin, 'polls.create', again);
  });

  it('fails with fewer than 5 votes, even all yes', async () => {
    const target = await testUser(app, { firstName: 'Finn' });
    const poll = await ok(admin, 'polls.create', { pollType: 'user_ban', targetUserId: target.id, description: 'x' });
    for (const voter of voters.slice(0, 4)) await ok(voter, 'polls.vote', { pollId: poll.id, vote: 'yes' });
    await app.database.db.execute(sql`update polls set expires_at = now() - interval '1 second' where id = ${poll.id}`);
    expect(await runPollSweep(sweepDeps(), new Date())).toContainEqual({
      pollId: poll.id,
      outcome: 'failed',
      yes: 4,
      no: 0,
    });
  });

  it('one poll that fails to close is logged and skipped: the others close, and the next sweep closes it', async () => {
    const [a, b, c] = [await newService('Guitar A'), await newService('Guitar B'), await newService('Guitar C')];
    const ids: string[] = [];
    for (const service of [a, b, c]) {
      const poll = await ok(admin, 'polls.create', {
        pollType: 'service_deletion',
        serviceId: service.id,
        description: 'x',
      });
      ids.push(poll.id);
    }
    // Oldest expiry first: the failing poll is the first the sweep reaches.
    for (const [i, id] of ids.entries()) {
      await app.database.db.execute(
        sql`update polls set expires_at = now() - make_interval(secs => ${30 - i}) where id = ${id}`,
      );
    }
    const failing = ids[0]!;
    const logged: unknown[] = [];
    const closed = await runPollSweep(
      {
        ...sweepDeps(),
        log: (error) => logged.push(error),
        close: async (tx, emit, pollId, now) => {
          const result = await closeExpiredPoll(tx, emit, pollId, now);
          // After its writes, so the rollback of a half-done close is what is tested.
          if (pollId === failing) throw new Error('a bad row');
          return result;
        },
      },
      new Date(),
    );
    expect(closed.map((c) => c.pollId)).toEqual(expect.arrayContaining([ids[1], ids[2]]));
    expect(closed.map((c) => c.pollId)).not.toContain(failing);
    expect(logged).toHaveLength(1);
    expect(String(logged[0])).toContain(failing);
    const state = async () =>
      rows<{ id: string; is_active: boolean }>(
        sql`select id, is_active from polls where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by expires_at`,
      );
    expect(await state()).toEqual([
      { id: failing, is_active: true },
      { id: ids[1], is_active: false },
      { id: ids[2], is_active: false },
    ]);
    // Its rolled-back close left no audit row; the next sweep closes it.
    expect(
      await rows(sql`select id from audit_events where action = 'poll.closed' and details->>'pollId' = ${failing}`),
    ).toHaveLength(0);
    expect((await runPollSweep(sweepDeps(), new Date())).map((c) => c.pollId)).toContain(failing);
    expect((await state()).every((p) => !p.is_active)).toBe(true);
  });

  it('an expired poll the sweep has not reached does not block a new poll on its subject', async () => {
    const service = await newService('Chess coaching');
    const first = await ok(admin, 'polls.create', {
      pollType: 'service_deletion',
      serviceId: service.id,
      description: 'x',
    });
    await app.database.db.execute(
      sql`update polls set expires_at = now() - interval '1 second' where id = ${first.id}`,
    );
    const second = await ok(admin, 'polls.create', {
      pollType: 'service_deletion',
      serviceId: service.id,
      description: 'y',
    });
    const stored = await rows<{ id: string; is_active: boolean; outcome: string | null }>(
      sql`select id, is_active, outcome from polls where service_id = ${service.id} order by created_at`,
    );
    expect(stored).toEqual([
      { id: first.id, is_active: false, outcome: 'failed' },
      { id: second.id, is_active: true, outcome: null },
    ]);
  });
});
