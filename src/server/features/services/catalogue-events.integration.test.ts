import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../../domain/categories';
import { servicesChannels } from './services.channels';
import { testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import { ADMIN_TEST_PASSWORD, createTestApp, nextEvent, signInAdmin, type TestApp } from '../../testing/test-app';

let app: TestApp;
const { call, ok } = trpcAs(() => app);
const [webDev] = SERVICE_CATEGORIES;

beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAIL: 'catalogue.admin@example.com', ADMIN_PASSWORD: ADMIN_TEST_PASSWORD });
});
afterAll(() => app.close());

const serviceInput = {
  title: 'Guitar lessons',
  description: 'A long enough description for this service.',
  category_id: webDev!.id,
  price: 25,
  pricing_type: 'fixed' as const,
  delivery_method: 'virtual' as const,
  service_location: null,
  image_url: '',
};
const requestInput = {
  title: 'Need a logo',
  description: 'A long enough description for this request.',
  service_category_id: webDev!.id,
  pricing_type: 'fixed' as const,
  budget: '40',
  image_url: '',
};

/** The events this user's actions recorded, oldest first, as stored in the outbox. */
async function eventsBy(actorId: string) {
  const { rows } = await app.database.db.execute<{ type: string; payload: Record<string, unknown> }>(
    sql`select type, payload from domain_events where payload ->> 'actorId' = ${actorId} order by id`,
  );
  return rows;
}

describe('services and requests record their events with the change', () => {
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    owner = await testUser(app);
    other = await testUser(app);
  });

  it('creating, editing and deleting a service each record one event, and the listings hear of each', async () => {
    const heardCreate = nextEvent(app, servicesChannels.catalogue);
    const { id } = await ok(owner, 'services.create', serviceInput);
    expect(await heardCreate).toEqual({ type: 'catalogue-changed' });
    const heardUpdate = nextEvent(app, servicesChannels.catalogue);
    await ok(owner, 'services.update', { id, fields: { ...serviceInput, title: 'Piano lessons' } });
    await heardUpdate;
    const heardDelete = nextEvent(app, servicesChannels.catalogue);
    await ok(owner, 'services.delete', { id });
    await heardDelete;
    expect(await eventsBy(owner.id)).toEqual([
      { type: 'service.created', payload: { actorId: owner.id, serviceId: id } },
      { type: 'service.updated', payload: { actorId: owner.id, serviceId: id } },
      { type: 'service.deleted', payload: { actorId: owner.id, serviceId: id } },
    ]);
  });

  it('a refused edit or delete of a service records nothing', async () => {
    const { id } = await ok(owner, 'services.create', serviceInput);
    const before = await eventsBy(owner.id);
    expect((await call(other, 'services.update', { id, fields: serviceInput })).status).toBe(403);
    expect((await call(other, 'services.delete', { id })).status).toBe(403);
    expect((await call(owner, 'services.update', { id: crypto.randomUUID(), fields: serviceInput })).status).toBe(404);
    // An image that is not the owner's own upload is refused inside the transaction: nothing is kept.
    const stolen = await call(owner, 'services.update', {
      id,
      fields: { ...serviceInput, image_url: '/files/services/someone/else.png' },
    });
    expect(stolen.status).toBe(400);
    expect(await eventsBy(other.id)).toEqual([]);
    expect(await eventsBy(owner.id)).toEqual(before);
  });

  it('creating, editing and deleting a request each record one event, and the listings hear of each', async () => {
    const poster = await testUser(app);
    const heard = nextEvent(app, servicesChannels.catalogue);
    const { id } = await ok(poster, 'requests.create', requestInput);
    await heard;
    const heardUpdate = nextEvent(app, servicesChannels.catalogue);
    await ok(poster, 'requests.update', { id, fields: { ...requestInput, budget: '60' } });
    await heardUpdate;
    expect((await call(other, 'requests.delete', { id })).status).toBe(403);
    await ok(poster, 'requests.delete', { id });
    expect(await eventsBy(poster.id)).toEqual([
      { type: 'request.created', payload: { actorId: poster.id, requestId: id } },
      { type: 'request.updated', payload: { actorId: poster.id, requestId: id } },
      { type: 'request.deleted', payload: { actorId: poster.id, requestId: id } },
    ]);
    expect(await eventsBy(other.id)).toEqual([]);
  });

  it('an invalid service is refused before anything is recorded', async () => {
    const newcomer = await testUser(app);
    expect((await call(newcomer, 'services.create', { ...serviceInput, title: '' })).status).toBe(400);
    expect(await eventsBy(newcomer.id)).toEqual([]);
  });
});

describe('the admin mark travels with the owner on cards and profiles', () => {
  it('ownerIsAdmin and isAdmin are true for the admin and false for anyone else', async () => {
    const admin = await signInAdmin(app);
    const student = await testUser(app);
    const adminService = await ok(admin, 'services.create', { ...serviceInput, title: 'Admin service' });
    const studentService = await ok(student, 'services.create', { ...serviceInput, title: 'Student service' });
    const adminRequest = await ok(admin, 'requests.create', { ...requestInput, title: 'Admin request' });
    const studentRequest = await ok(student, 'requests.create', { ...requestInput, title: 'Student request' });

    expect(await ok(null, 'services.get', { id: adminService.id })).toMatchObject({ ownerIsAdmin: true });
    expect(await ok(null, 'services.get', { id: studentService.id })).toMatchObject({ ownerIsAdmin: false });
    const listed = await ok(null, 'services.list', { search: 'service', limit: 60 });
    const markOf = (items: { id: string; ownerIsAdmin: boolean }[], id: string) =>
      items.find((item) => item.id === id)?.ownerIsAdmin;
    expect(markOf(listed.items, adminService.id)).toBe(true);
    expect(markOf(listed.items, studentService.id)).toBe(false);
    expect((await ok(null, 'services.byUser', { userId: admin.id }))[0]).toMatchObject({ ownerIsAdmin: true });

    const requests = await ok(null, 'requests.list', { search: 'request', limit: 60 });
    expect(markOf(requests.items, adminRequest.id)).toBe(true);
    expect(markOf(requests.items, studentRequest.id)).toBe(false);
    expect(await ok(null, 'requests.get', { id: adminRequest.id })).toMatchObject({ ownerIsAdmin: true });
    expect(await ok(student, 'requests.mine')).toMatchObject([{ ownerIsAdmin: false }]);

    expect(await ok(null, 'profiles.public', { userId: admin.id })).toMatchObject({ isAdmin: true });
    expect(await ok(null, 'profiles.public', { userId: student.id })).toMatchObject({ isAdmin: false });
    expect(await ok(admin, 'profiles.mine')).toMatchObject({ isAdmin: true });
    expect(await ok(student, 'profiles.mine')).toMatchObject({ isAdmin: false });
  });
});
