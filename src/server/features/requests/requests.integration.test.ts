import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../../domain/categories';
import type { InputOf, OutputOf } from '../../testing/procedures';
import { callTrpc, createTestApp, signUp, type TestApp } from '../../testing/test-app';

let app: TestApp;
let cookie: string;
const tutoring = SERVICE_CATEGORIES.find((c) => c.name === 'Tutoring')!;
const base = {
  description: 'Need help before Friday',
  service_category_id: tutoring.id,
  pricing_type: 'fixed' as const,
  image_url: '',
};

type RequestInput = InputOf<'requests.create'>;
/** Some calls leave fields out on purpose: the server's messages for missing fields are what they test. */
async function post(fields: Partial<RequestInput>, as = cookie) {
  return callTrpc(app, 'requests.create', { input: { ...base, ...fields } as RequestInput, cookie: as });
}
const titles = (data: OutputOf<'requests.list'> | undefined) => data!.items.map((r) => r.title).sort();

beforeAll(async () => {
  app = await createTestApp();
  cookie = (await signUp(app)).cookie;
  await post({ title: 'Algebra help', budget: '20' });
  await post({ title: 'Essay proofreading', budget: '' });
  await post({ title: 'Physics lab report', budget: '75.50', pricing_type: 'hourly' });
});
afterAll(() => app.close());

describe('service requests', () => {
  it('posts with an optional budget in cents and lists newest first', async () => {
    const all = await callTrpc(app, 'requests.list', { input: {} });
    const items = all.data!.items;
    expect(items.map((r) => r.title)).toEqual(['Physics lab report', 'Essay proofreading', 'Algebra help']);
    expect(items[0]).toMatchObject({ budgetCents: 7550, categoryName: 'Tutoring' });
    expect(items[1]!.budgetCents).toBeNull();
  });

  it.each<[InputOf<'requests.list'>, string[]]>([
    [{ price: '0-25' }, ['Algebra help']],
    [{ price: '50-100' }, ['Physics lab report']],
    [{ search: 'ESSAY' }, ['Essay proofreading']],
    [{ categoryId: tutoring.id, search: 'lab' }, ['Physics lab report']],
  ])('%j -> %j', async (filters, expected) => {
    expect(titles((await callTrpc(app, 'requests.list', { input: filters })).data)).toEqual(expected);
  });

  it('refuses missing fields with the spec’s messages', async () => {
    expect((await post({ title: '' })).error?.message).toBe('Title is required');
    expect((await post({ title: 'x', description: ' ' })).error?.message).toBe('Description is required');
    expect((await post({ title: 'x', service_category_id: '' })).error?.message).toBe('Category is required');
    expect((await post({ title: 'x', budget: '12.345' })).error?.message).toBe('Please enter a valid budget');
    expect((await callTrpc(app, 'requests.create', { input: { ...base, title: 'anon', budget: '' } })).status).toBe(
      401,
    );
  });

  it('only the author may edit or delete a request', async () => {
    const created = (await post({ title: 'Mine to edit', budget: '5' })).data!;
    const other = (await signUp(app)).cookie;
    const fields = { ...base, title: 'Edited', budget: '6' };
    expect((await callTrpc(app, 'requests.update', { input: { id: created.id, fields }, cookie: other })).status).toBe(
      403,
    );
    expect((await callTrpc(app, 'requests.delete', { input: { id: created.id }, cookie: other })).status).toBe(403);
    expect((await callTrpc(app, 'requests.update', { input: { id: created.id, fields }, cookie })).status).toBe(200);
    expect((await callTrpc(app, 'requests.get', { input: { id: created.id } })).data).toMatchObject({
      title: 'Edited',
      budgetCents: 600,
    });
    expect((await callTrpc(app, 'requests.delete', { input: { id: created.id }, cookie })).status).toBe(200);
    expect((await callTrpc(app, 'requests.mine', { cookie })).data).toHaveLength(3);
  });
});
