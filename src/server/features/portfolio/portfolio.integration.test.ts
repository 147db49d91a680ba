import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { callTrpc, createTestApp, signUp, TEST_ORIGIN, upload, userIdOf, type TestApp } from '../../testing/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const jpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#ff8800' } })
    .jpeg()
    .toBuffer();
const item = {
  title: 'Robot arm',
  description: 'A 3D printed arm',
  projectUrl: 'https://example.com/arm',
  imageUrl: '',
};
const fileOf = (url: string) => path.join(app.uploadsDir, url.slice('/files/'.length));

async function createItem(cookie: string, fields = item) {
  const result = await callTrpc(app, 'portfolio.create', { input: fields, cookie });
  expect(result.status).toBe(200);
  return result.data!;
}

describe('portfolio', () => {
  it('the owner adds, edits and deletes items; lists are newest first and public', async () => {
    const { cookie } = await signUp(app);
    const userId = await userIdOf(app, cookie);
    const first = await createItem(cookie);
    await createItem(cookie, { ...item, title: 'Second', projectUrl: '' });
    const list = await callTrpc(app, 'portfolio.list', { input: { userId } });
    expect(list.data!.map((i) => i.title)).toEqual(['Second', 'Robot arm']);

    const edited = await callTrpc(app, 'portfolio.update', {
      input: { id: first.id, fields: { ...item, title: 'Robot arm v2' } },
      cookie,
    });
    expect(edited.data).toMatchObject({ title: 'Robot arm v2' });
    expect((await callTrpc(app, 'portfolio.delete', { input: { id: first.id }, cookie })).status).toBe(200);
    expect((await callTrpc(app, 'portfolio.list', { input: { userId } })).data).toHaveLength(1);
  });

  it('refuses an empty title and a project URL that is not URL-shaped', async () => {
    const { cookie } = await signUp(app);
    const noTitle = await callTrpc(app, 'portfolio.create', {
      input: { ...item, title: '  ' },
      cookie,
    });
    expect(noTitle.error?.message).toBe('Title is required');
    const badUrl = await callTrpc(app, 'portfolio.create', {
      input: { ...item, projectUrl: 'not a url' },
      cookie,
    });
    expect(badUrl.error?.message).toBe('Please enter a valid URL (e.g., https://example.com)');
  });

  it('nobody but the owner can edit or delete an item', async () => {
    const owner = await signUp(app);
    const ownerId = await userIdOf(app, owner.cookie);
    const target = await createItem(owner.cookie);
    const other = await signUp(app);
    const edit = await callTrpc(app, 'portfolio.update', {
      input: { id: target.id, fields: { ...item, title: 'Defaced' } },
      cookie: other.cookie,
    });
    expect(edit.status).toBe(403);
    const del = await callTrpc(app, 'portfolio.delete', {
      input: { id: target.id },
      cookie: other.cookie,
    });
    expect(del.status).toBe(403);
    expect((await callTrpc(app, 'portfolio.delete', { input: { id: target.id } })).status).toBe(401);
    const list = (await callTrpc(app, 'portfolio.list', { input: { userId: ownerId } })).data!;
    expect(list.map((i) => i.title)).toEqual(['Robot arm']);
  });

  it('images: checked by content, only the uploader’s own, removed with the item', async () => {
    const { cookie } = await signUp(app);
    const uploaded = await upload(app, 'portfolio', await jpeg(), { cookie, filename: 'arm.jpg', type: 'image/jpeg' });
    expect(uploaded.status).toBe(200);
    expect(uploaded.json.url).toMatch(/\.jpg$/);
    const withImage = await createItem(cookie, { ...item, imageUrl: uploaded.json.url! });
    expect(existsSync(fileOf(uploaded.json.url!))).toBe(true);

    // Someone else cannot attach (and later delete) this file.
    const other = await signUp(app);
    const stolen = await callTrpc(app, 'portfolio.create', {
      input: { ...item, imageUrl: uploaded.json.url! },
      cookie: other.cookie,
    });
    expect(stolen.status).toBe(400);

    await callTrpc(app, 'portfolio.delete', { input: { id: withImage.id }, cookie });
    expect(existsSync(fileOf(uploaded.json.url!))).toBe(false);
  });

  it('refuses a non-image and an image over 5 MB with the spec’s messages', async () => {
    const { cookie } = await signUp(app);
    const text = await upload(app, 'portfolio', Buffer.from('%PDF-1.4 not an image'), { cookie, filename: 'x.png' });
    expect(text.json.error).toBe('Please select an image file');
    const big = await upload(app, 'portfolio', Buffer.concat([await jpeg(), Buffer.alloc(5 * 1024 * 1024)]), {
      cookie,
    });
    expect(big.status).toBe(400);
    expect(big.json.error).toBe('File size must be less than 5MB');
  });
});

describe('portfolio live', () => {
  it('a signed-out visitor of the profile receives each saved item as the list shows it, and removals by id', async () => {
    const { cookie } = await signUp(app);
    const userId = await userIdOf(app, cookie);
    const ws: WebSocket = await app.server.injectWS('/api/trpc', { headers: { origin: TEST_ORIGIN } });
    const data: unknown[] = [];
    let started = false;
    ws.on('message', (raw) => {
      if (String(raw) === 'PING') return;
      const reply = JSON.parse(String(raw)) as { result?: { type: string; data?: { data: unknown } } };
      if (reply.result?.type === 'started') started = true;
      if (reply.result?.type === 'data') data.push(reply.result.data!.data);
    });
    try {
      ws.send(
        JSON.stringify({ id: 1, method: 'subscription', params: { path: 'portfolio.events', input: { userId } } }),
      );
      await expect.poll(() => started).toBe(true);
      const created = await createItem(cookie);
      await callTrpc(app, 'portfolio.update', {
        input: { id: created.id, fields: { ...item, title: 'Arm v2' } },
        cookie,
      });
      await expect.poll(() => data.length).toBe(2);
      const [listed] = (await callTrpc(app, 'portfolio.list', { input: { userId } })).data!;
      expect(data[1]).toEqual({ type: 'portfolio-item-saved', item: listed });
      expect(data[0]).toMatchObject({
        type: 'portfolio-item-saved',
        item: { id: created.id, title: 'Robot arm', createdAt: listed!.createdAt },
      });
      await callTrpc(app, 'portfolio.delete', { input: { id: created.id }, cookie });
      await expect.poll(() => data[2]).toEqual({ type: 'portfolio-item-removed', itemId: created.id });
    } finally {
      ws.terminate();
    }
  });
});
