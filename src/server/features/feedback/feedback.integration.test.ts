import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES } from '../../../domain/feedback';
import { feedbackChannels } from './feedback.channels';
import { testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import {
  ADMIN_TEST_PASSWORD,
  createTestApp,
  nextEvent,
  signInAdmin,
  uniqueEmail,
  unlimitedMutations,
  type TestApp,
} from '../../testing/test-app';

let app: TestApp;
let admin: TestUser;
let member: TestUser;
let other: TestUser;
const { call, ok } = trpcAs(() => app);

beforeAll(async () => {
  app = await createTestApp(
    { ADMIN_EMAIL: uniqueEmail('admin'), ADMIN_PASSWORD: ADMIN_TEST_PASSWORD },
    { mutationLimiter: unlimitedMutations },
  );
  admin = await signInAdmin(app);
  member = await testUser(app, { firstName: 'Maya', lastName: 'Member' });
  other = await testUser(app, { firstName: 'Otto', lastName: 'Other' });
});
afterAll(() => app.close());

const sample = { title: 'The map is slow', category: 'Performance', message: 'It takes ten seconds to load.' } as const;

/** Moves an item's creation time, so the order is decided by the data, not by how fast the test ran. */
async function createdAt(id: string, at: string) {
  await app.database.db.execute(sql`update feedback set created_at = ${at}::timestamptz where id = ${id}`);
}

async function auditRows(subjectId: string) {
  const { rows } = await app.database.db.execute<{ action: string; actor_id: string }>(
    sql`select action, actor_id from audit_events where subject_id = ${subjectId} order by created_at, action`,
  );
  return rows;
}

describe('submitting feedback', () => {
  it('stores the trimmed fields under the caller, unresolved and unanswered, and shows it in their history', async () => {
    const author = await testUser(app);
    const item = await ok(author, 'feedback.submit', {
      title: '  Dark mode please  ',
      category: 'Feature Request',
      message: '  The screen is too bright at night.  ',
    });
    expect(item).toMatchObject({
      title: 'Dark mode please',
      category: 'Feature Request',
      message: 'The screen is too bright at night.',
      adminResponse: null,
      resolvedAt: null,
    });
    const { rows } = await app.database.db.execute<{ user_id: string }>(
      sql`select user_id from feedback where id = ${item.id}`,
    );
    expect(rows[0]!.user_id).toBe(author.id);
    expect((await ok(author, 'feedback.mine')).items.map((i) => i.id)).toEqual([item.id]);
  });

  it('refuses a blank field, an unknown category and an oversized text with the spec’s text; nothing is stored', async () => {
    const author = await testUser(app);
    for (const input of [
      { ...sample, title: '   ' },
      { ...sample, message: '' },
      { ...sample, category: 'Complaint' },
      { ...sample, title: 'x'.repeat(FEEDBACK_LIMITS.titleMax + 1) },
      { ...sample, message: 'x'.repeat(FEEDBACK_LIMITS.messageMax + 1) },
    ]) {
      const result = await call(author, 'feedback.submit', input as typeof sample);
      expect(result.status).toBe(400);
    }
    const blank = await call(author, 'feedback.submit', { ...sample, title: ' ' });
    expect(blank.error?.message).toBe(FEEDBACK_MESSAGES.fillAllFields);
    expect((await ok(author, 'feedback.mine')).items).toEqual([]);
  });

  it('tells every admin’s open page, with the author’s name', async () => {
    const heard = nextEvent(app, feedbackChannels.feedbackAdmin, (e) => e.item.title === 'Admins hear this');
    await ok(member, 'feedback.submit', { ...sample, title: 'Admins hear this' });
    const event = await heard;
    expect(event).toMatchObject({
      type: 'admin-feedback-changed',
      item: { userId: member.id, authorFirstName: 'Maya', authorLastName: 'Member', resolvedAt: null },
    });
  });
});

describe('the order of every list', () => {
  it('lists unresolved items first, newest first, then resolved ones by resolution', async () => {
    const author = await testUser(app);
    const old = await ok(author, 'feedback.submit', { ...sample, title: 'Old' });
    const middle = await ok(author, 'feedback.submit', { ...sample, title: 'Middle' });
    const recent = await ok(author, 'feedback.submit', { ...sample, title: 'Recent' });
    await createdAt(old.id, '2024-01-01T00:00:00Z');
    await createdAt(middle.id, '2024-02-01T00:00:00Z');
    await createdAt(recent.id, '2024-03-01T00:00:00Z');
    await ok(admin, 'feedback.resolve', { id: recent.id });
    expect((await ok(author, 'feedback.mine')).items.map((i) => i.title)).toEqual(['Middle', 'Old', 'Recent']);
  });

  it('a member reads only their own items', async () => {
    const mine = await ok(other, 'feedback.submit', { ...sample, title: 'Only Otto sees this' });
    const theirs = await ok(member, 'feedback.mine');
    expect(theirs.items.map((i) => i.id)).not.toContain(mine.id);
    expect((await ok(other, 'feedback.mine')).items.map((i) => i.id)).toContain(mine.id);
  });
});

describe('the admins’ tables', () => {
  it('split unresolved from resolved, in the spec’s order, bounded by the limit', async () => {
    const a = await ok(member, 'feedback.submit', { ...sample, title: 'Table A' });
    const b = await ok(member, 'feedback.submit', { ...sample, title: 'Table B' });
    await createdAt(a.id, '2030-01-01T00:00:00Z');
    await createdAt(b.id, '2030-01-02T00:00:00Z');
    const unresolved = await ok(admin, 'feedback.adminList', { status: 'unresolved', limit: 2 });
    expect(unresolved.items.map((i) => i.title)).toEqual(['Table B', 'Table A']);
    expect(unresolved.hasMore).toBe(true);
    await ok(admin, 'feedback.resolve', { id: a.id });
    const resolved = await ok(admin, 'feedback.adminList', { status: 'resolved' });
    expect(resolved.items.map((i) => i.id)).toContain(a.id);
    expect(resolved.items.every((i) => i.resolvedAt !== null)).toBe(true);
    const stillOpen = await ok(admin, 'feedback.adminList', { status: 'unresolved' });
    expect(stillOpen.items.map((i) => i.id)).not.toContain(a.id);
    expect(stillOpen.items.every((i) => i.resolvedAt === null)).toBe(true);
  });

  it('list resolved items newest resolution first, so a newly resolved one is never past the cap', async () => {
    const author = await testUser(app);
    const items = [];
    for (const title of ['Resolved first', 'Resolved second', 'Resolved third']) {
      const item = await ok(author, 'feedback.submit', { ...sample, title });
      await ok(admin, 'feedback.resolve', { id: item.id });
      items.push(item);
    }
    // Resolution times set by the data, the first resolved long ago and the last one just now.
    const at = ['2020-01-01T00:00:00Z', '2099-01-01T00:00:00Z', '2099-06-01T00:00:00Z'];
    for (const [i, item] of items.entries()) {
      await app.database.db.execute(sql`update feedback set resolved_at = ${at[i]}::timestamptz where id = ${item.id}`);
    }
    const resolved = await ok(admin, 'feedback.adminList', { status: 'resolved', limit: 2 });
    expect(resolved.items.map((i) => i.title)).toEqual(['Resolved third', 'Resolved second']);
    expect(resolved.hasMore).toBe(true);
    // The member's history keeps the spec's order: resolved by resolution time, oldest first.
    expect((await ok(author, 'feedback.mine')).items.map((i) => i.title)).toEqual([
      'Resolved first',
      'Resolved second',
      'Resolved third',
    ]);
  });

  it('refuse a limit above the bound or below 1', async () => {
    for (const limit of [0, FEEDBACK_LIMITS.listMax + 1, 2.5]) {
      expect((await call(admin, 'feedback.adminList', { status: 'unresolved', limit })).status).toBe(400);
    }
  });
});

describe('answering and resolving', () => {
  it('a response is stored trimmed, does not resolve, may be replaced, and reaches the author live; audited', async () => {
    const item = await ok(member, 'feedback.submit', { ...sample, title: 'Answer me' });
    const heard = nextEvent(app, feedbackChannels.feedbackOf(member.id), (e) => e.feedbackId === item.id);
    const answered = await ok(admin, 'feedback.respond', { id: item.id, response: '  Fixed in the next release.  ' });
    expect(answered).toMatchObject({ adminResponse: 'Fixed in the next release.', resolvedAt: null });
    expect(await heard).toEqual({
      type: 'feedback-changed',
      feedbackId: item.id,
      item: expect.objectContaining({ adminResponse: 'Fixed in the next release.', resolvedAt: null }),
    });
    // The author's copy never names the admin.
    expect(JSON.stringify(await heard)).not.toContain(admin.id);
    await ok(admin, 'feedback.respond', { id: item.id, response: 'Actually, fixed already.' });
    const mine = (await ok(member, 'feedback.mine')).items.find((i) => i.id === item.id)!;
    expect(mine).toMatchObject({ adminResponse: 'Actually, fixed already.', resolvedAt: null });
    expect(await auditRows(item.id)).toEqual([
      { action: 'feedback.responded', actor_id: admin.id },
      { action: 'feedback.responded', actor_id: admin.id },
    ]);
  });

  it('the audit log keeps every answer: each row has the answer it replaced and the new one', async () => {
    const item = await ok(member, 'feedback.submit', { ...sample, title: 'Keep the record' });
    await ok(admin, 'feedback.respond', { id: item.id, response: 'Something unkind.' });
    await ok(admin, 'feedback.respond', { id: item.id, response: 'Thanks, we fixed it.' });
    const { rows } = await app.database.db.execute<{ details: Record<string, unknown> }>(
      sql`select details from audit_events where subject_id = ${item.id} and action = 'feedback.responded'
          order by created_at, id`,
    );
    expect(rows.map((r) => r.details)).toEqual([
      { authorId: member.id, previousResponse: null, response: 'Something unkind.' },
      { authorId: member.id, previousResponse: 'Something unkind.', response: 'Thanks, we fixed it.' },
    ]);
  });

  it('a blank response is refused with "Please enter a response"; nothing changes', async () => {
    const item = await ok(member, 'feedback.submit', { ...sample, title: 'Blank answer' });
    const result = await call(admin, 'feedback.respond', { id: item.id, response: '   ' });
    expect(result.status).toBe(400);
    expect(result.error?.message).toBe(FEEDBACK_MESSAGES.enterResponse);
    const tooLong = await call(admin, 'feedback.respond', {
      id: item.id,
      response: 'x'.repeat(FEEDBACK_LIMITS.responseMax + 1),
    });
    expect(tooLong.status).toBe(400);
    const mine = (await ok(member, 'feedback.mine')).items.find((i) => i.id === item.id)!;
    expect(mine.adminResponse).toBeNull();
    expect(await auditRows(item.id)).toEqual([]);
  });

  it('resolving sets resolved_at and resolved_by once: a second resolve is refused and changes nothing', async () => {
    const item = await ok(member, 'feedback.submit', { ...sample, title: 'Resolve me' });
    const heard = nextEvent(app, feedbackChannels.feedbackOf(member.id), (e) => e.feedbackId === item.id);
    const resolved = await ok(admin, 'feedback.resolve', { id: item.id });
    expect(resolved.resolvedBy).toBe(admin.id);
    expect(resolved.resolvedAt).not.toBeNull();
    expect((await heard).item.resolvedAt).toBe(resolved.resolvedAt);
    const again = await call(admin, 'feedback.resolve', { id: item.id });
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe(FEEDBACK_MESSAGES.alreadyResolved);
    const { rows } = await app.database.db.execute<{ resolved_at: Date; resolved_by: string }>(
      sql`select resolved_at, resolved_by from feedback where id = ${item.id}`,
    );
    expect(new Date(rows[0]!.resolved_at).toISOString()).toBe(resolved.resolvedAt);
    expect(await auditRows(item.id)).toEqual([{ action: 'feedback.resolved', actor_id: admin.id }]);
    // An answer after resolution is still allowed (at any time) and keeps it resolved.
    const late = await ok(admin, 'feedback.respond', { id: item.id, response: 'Thanks again!' });
    expect(late.resolvedAt).toBe(resolved.resolvedAt);
  });

  it('two admins resolving at once: exactly one succeeds', async () => {
    const item = await ok(member, 'feedback.submit', { ...sample, title: 'Race' });
    const results = await Promise.all([
      call(admin, 'feedback.resolve', { id: item.id }),
      call(admin, 'feedback.resolve', { id: item.id }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await auditRows(item.id)).length).toBe(1);
  });

  it('an unknown item is not found', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await call(admin, 'feedback.respond', { id, response: 'Hello' })).status).toBe(404);
    expect((await call(admin, 'feedback.resolve', { id })).status).toBe(404);
  });
});
