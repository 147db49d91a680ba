import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioChannels } from '../portfolio/portfolio.channels';
import { profilesChannels } from './profiles.channels';
import { servicesChannels } from '../services/services.channels';
import { testUser, trpcAs } from '../../testing/marketplace';
import {
  createTestApp,
  nextEvent,
  signIn,
  signUp,
  STRONG_PASSWORD,
  upload,
  type TestApp,
} from '../../testing/test-app';

let app: TestApp;
const { call, ok } = trpcAs(() => app);

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const profileInput = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  bio: 'Engines.',
  school: 'Home',
  dateOfBirth: '2004-03-01',
};
const item = { title: 'Analytical engine', description: 'Notes', projectUrl: '', imageUrl: '' };

/**
 * The events the profile features recorded about this user (as the actor or the subject), oldest first, as stored in
 * the outbox. What progression's handlers record after them (quests, badges, XP) is theirs, tested there.
 */
async function eventsOf(userId: string) {
  const { rows } = await app.database.db.execute<{ type: string; payload: Record<string, unknown> }>(
    sql`select type, payload from domain_events
        where (payload ->> 'actorId' = ${userId} or payload ->> 'userId' = ${userId})
          and type not like 'progression.%'
        order by id`,
  );
  return rows;
}

describe('accounts record user.signed-up and user.signed-in', () => {
  it('a sign-up records one user.signed-up; a sign-in records user.signed-in, a wrong password nothing', async () => {
    const { body, cookie } = await signUp(app);
    const userId = (await app.auth.api.getSession({ headers: new Headers({ cookie }) }))!.user.id;
    expect(await eventsOf(userId)).toEqual([{ type: 'user.signed-up', payload: { userId } }]);
    expect((await signIn(app, body.email, 'Wrong-pass-1!')).response.statusCode).toBe(401);
    expect(await eventsOf(userId)).toHaveLength(1);
    expect((await signIn(app, body.email, STRONG_PASSWORD)).response.statusCode).toBe(200);
    expect(await eventsOf(userId)).toEqual([
      { type: 'user.signed-up', payload: { userId } },
      { type: 'user.signed-in', payload: { userId } },
    ]);
  });

  it('a refused sign-up records nothing', async () => {
    // Earlier tests' handlers (progression) record after their commits: counted once they are done.
    await app.events.drain();
    const before = await app.database.db.execute(sql`select count(*)::int as n from domain_events`);
    expect((await signUp(app, { firstName: 'A' })).response.statusCode).toBe(400);
    expect(await app.database.db.execute(sql`select count(*)::int as n from domain_events`)).toMatchObject({
      rows: before.rows,
    });
  });
});

/** The outbox keeps ids, not what people wrote: the channel hears the whole item or profile, the log without words. */
const PROFILE_WORDS = ['firstName', 'lastName', 'bio', 'school', 'avatarUrl'];
const ITEM_WORDS = ['title', 'description', 'imageUrl', 'projectUrl'];
const withoutWords = (value: object, fields: string[]) => ({
  ...value,
  ...Object.fromEntries(fields.map((field) => [field, null])),
});

describe('profiles record their events with the change', () => {
  it('a profile update records profile.updated; the user’s channel and the listings hear of it', async () => {
    const user = await testUser(app);
    const heardProfile = nextEvent(app, profilesChannels.profile(user.id));
    const heardCatalogue = nextEvent(app, servicesChannels.catalogue);
    await ok(user, 'profiles.update', { ...profileInput, dateOfBirth: '2005-06-07' });
    const publicProfile = await ok(null, 'profiles.public', { userId: user.id });
    // The public profile as profiles.public answers it, and word that the date of birth (never sent) changed.
    expect(await heardProfile).toEqual({ type: 'profile-updated', profile: publicProfile, privateFieldsChanged: true });
    expect(await heardCatalogue).toEqual({ type: 'catalogue-changed' });
    expect((await eventsOf(user.id)).slice(1)).toEqual([
      {
        type: 'profile.updated',
        payload: { userId: user.id, profile: withoutWords(publicProfile!, PROFILE_WORDS), privateFieldsChanged: true },
      },
    ]);
    // The same again: the date of birth did not change, so the private views need not read again.
    const heardAgain = nextEvent(app, profilesChannels.profile(user.id));
    await ok(user, 'profiles.update', { ...profileInput, dateOfBirth: '2005-06-07', bio: 'More engines.' });
    expect(await heardAgain).toEqual({
      type: 'profile-updated',
      profile: { ...publicProfile, bio: 'More engines.' },
    });
  });

  it('an invalid or refused profile update records nothing', async () => {
    const user = await testUser(app);
    expect((await call(user, 'profiles.update', { ...profileInput, firstName: 'A' })).status).toBe(400);
    // Once payouts decided on the date of birth, moving it across 18 is refused (and the attempt audited).
    await app.database.db.execute(sql`update profiles set date_of_birth_locked_at = now() where id = ${user.id}`);
    const refused = await call(user, 'profiles.update', { ...profileInput, dateOfBirth: '2015-01-01' });
    expect(refused.error?.data.appCode).toBe('DATE_OF_BIRTH_LOCKED');
    expect((await eventsOf(user.id)).map((e) => e.type)).toEqual(['user.signed-up']);
  });

  it('a new avatar records avatar.set; the user’s channel and the listings hear of it', async () => {
    const user = await testUser(app);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const heardProfile = nextEvent(app, profilesChannels.profile(user.id));
    const heardCatalogue = nextEvent(app, servicesChannels.catalogue);
    expect((await upload(app, 'avatar', png, { cookie: user.cookie })).status).toBe(200);
    await heardCatalogue;
    const publicProfile = await ok(null, 'profiles.public', { userId: user.id });
    expect(publicProfile!.avatarUrl).toMatch(/@192\.webp$/);
    expect(await heardProfile).toEqual({ type: 'profile-updated', profile: publicProfile });
    expect((await eventsOf(user.id)).slice(1)).toEqual([
      { type: 'avatar.set', payload: { userId: user.id, profile: withoutWords(publicProfile!, PROFILE_WORDS) } },
    ]);
    expect((await upload(app, 'avatar', Buffer.from('not an image'), { cookie: user.cookie })).status).toBe(400);
    expect(await eventsOf(user.id)).toHaveLength(2);
  });
});

describe('portfolio records its events with the change', () => {
  it('adding, editing and removing an item each record one event that the portfolio channel hears', async () => {
    const owner = await testUser(app);
    const other = await testUser(app);
    const heardAdd = nextEvent(app, portfolioChannels.portfolio(owner.id));
    const { id } = await ok(owner, 'portfolio.create', item);
    const [added] = await ok(null, 'portfolio.list', { userId: owner.id });
    // The item as portfolio.list shows it to anyone.
    expect(await heardAdd).toEqual({ type: 'portfolio-item-saved', item: added });
    const heardEdit = nextEvent(app, portfolioChannels.portfolio(owner.id));
    await ok(owner, 'portfolio.update', { id, fields: { ...item, title: 'Difference engine' } });
    const [edited] = await ok(null, 'portfolio.list', { userId: owner.id });
    expect(edited!.title).toBe('Difference engine');
    expect(await heardEdit).toEqual({ type: 'portfolio-item-saved', item: edited });
    expect((await call(other, 'portfolio.update', { id, fields: item })).status).toBe(403);
    expect((await call(other, 'portfolio.delete', { id })).status).toBe(403);
    const heardRemove = nextEvent(app, portfolioChannels.portfolio(owner.id));
    await ok(owner, 'portfolio.delete', { id });
    expect(await heardRemove).toEqual({ type: 'portfolio-item-removed', itemId: id });
    expect((await eventsOf(owner.id)).slice(1)).toEqual([
      {
        type: 'portfolio.item-added',
        payload: { actorId: owner.id, itemId: id, item: withoutWords(added!, ITEM_WORDS) },
      },
      {
        type: 'portfolio.item-updated',
        payload: { actorId: owner.id, itemId: id, item: withoutWords(edited!, ITEM_WORDS) },
      },
      { type: 'portfolio.item-removed', payload: { actorId: owner.id, itemId: id } },
    ]);
    expect((await eventsOf(other.id)).map((e) => e.type)).toEqual(['user.signed-up']);
  });
});

describe('deleting an account', () => {
  it('records user.deleted so the listings refresh; a wrong password records nothing', async () => {
    const user = await testUser(app);
    const wrong = await call(user, 'accounts.deleteAccount', { confirmEmail: user.email, password: 'Wrong-pass-1!' });
    expect(wrong.error?.data.appCode).toBe('WRONG_PASSWORD');
    expect((await eventsOf(user.id)).map((e) => e.type)).toEqual(['user.signed-up']);
    const heardCatalogue = nextEvent(app, servicesChannels.catalogue);
    await ok(user, 'accounts.deleteAccount', { confirmEmail: user.email, password: STRONG_PASSWORD });
    await heardCatalogue;
    expect((await eventsOf(user.id)).slice(1)).toEqual([{ type: 'user.deleted', payload: { userId: user.id } }]);
  });
});
