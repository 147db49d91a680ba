import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../src/domain/categories';
import { testUser, trpcAs, type TestUser } from '../../src/server/testing/marketplace';
import { type TestApp, createTestAppWithAdmin } from '../../src/server/testing/test-app';

/**
 * What people write stays in its own table: the outbox (domain_events, kept 7 days, in every backup, and after an
 * account is gone) keeps ids and counts, never feedback words, an admin's answer, a report's description, a
 * member's name or a ban poll's reason. The live listeners still get the whole event.
 */
let app: TestApp;
let admin: TestUser;
let member: TestUser;
let owner: TestUser;
const { ok } = trpcAs(() => app);

beforeAll(async () => {
  ({ app, admin } = await createTestAppWithAdmin());
  member = await testUser(app, { firstName: 'Zebedee', lastName: 'Quillfeather' });
  owner = await testUser(app, { firstName: 'Oona', lastName: 'Marchbanks' });
});
afterAll(() => app?.close());

async function outbox(): Promise<string> {
  await app.events.drain();
  const { rows } = await app.database.db.execute<{ payload: unknown }>(
    sql`select payload from domain_events
        where type like 'feedback.%' or type like 'report.%' or type like 'poll.%'
           or type like 'portfolio.%' or type like 'notification%' or type in ('profile.updated', 'avatar.set')`,
  );
  return JSON.stringify(rows);
}

describe('the outbox keeps no words and no names', () => {
  it('feedback, an answer, a report, a ban poll, a profile and a portfolio item leave ids and counts only', async () => {
    const item = await ok(member, 'feedback.submit', {
      title: 'Secret title zq7741',
      category: 'General',
      message: 'Private words zq7741 about my school',
    });
    await ok(admin, 'feedback.respond', { id: item.id, response: 'Admin answer zq7741' });
    await ok(admin, 'feedback.resolve', { id: item.id });
    const service = await ok(owner, 'services.create', {
      title: 'Guitar lessons',
      description: 'Beginner chords and rhythm.',
      category_id: SERVICE_CATEGORIES[0]!.id,
      price: 20,
      pricing_type: 'fixed',
      delivery_method: 'virtual',
      service_location: null,
      image_url: '',
    });
    await ok(member, 'reports.submit', {
      serviceId: service.id,
      reason: 'Other',
      description: 'Report words zq7741',
    });
    await ok(admin, 'polls.create', {
      pollType: 'user_ban',
      targetUserId: owner.id,
      description: 'Ban reason zq7741',
    });

    await ok(member, 'profiles.update', {
      firstName: 'Zebedee',
      lastName: 'Quillfeather',
      bio: 'Bio words zq7741',
      school: 'School zq7741',
      dateOfBirth: '2009-03-01',
    });
    const piece = await ok(member, 'portfolio.create', {
      title: 'Portfolio title zq7741',
      description: 'Portfolio words zq7741',
      projectUrl: 'https://example.com/zq7741',
      imageUrl: '',
    });
    await ok(member, 'portfolio.update', {
      id: piece.id,
      fields: { title: 'Renamed zq7741', description: 'More zq7741', projectUrl: '', imageUrl: '' },
    });

    const stored = await outbox();
    expect(stored).toContain(item.id);
    // The notifications these made (the answered feedback names its title) are there, without their words.
    expect(stored).toContain('feedback_answered');
    expect(stored).toContain(piece.id);
    for (const secret of ['zq7741', 'Zebedee', 'Quillfeather', 'Marchbanks']) {
      expect(stored, `the outbox keeps "${secret}"`).not.toContain(secret);
    }
  });
});
