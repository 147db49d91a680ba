/**
 * GIF search and trending through Giphy, against a stand-in Giphy: a real HTTP server on this machine that answers
 * as Giphy's API does, its address given to the server as GIPHY_API_URL. Nothing of ours is mocked. Then a WebM
 * uploaded through POST /api/uploads/chat-media, stored without where it was filmed.
 */
import { existsSync, readdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES, ROOM_LIMITS } from '../../../domain/rooms';
import { testUser, trpcAs, type TestUser } from '../../testing/marketplace';
import { createTestApp, upload, type TestApp } from '../../testing/test-app';
import { makeRoom } from './room-message-fixtures';
import { GIFS_PER_USER, GIFS_RATE_LIMITED_MESSAGE } from './search-gifs';

type Answer = { status: number; body: string };

/** A stand-in for api.giphy.com: records each request and answers what `respond` says. */
async function fakeGiphy(respond: (url: URL) => Answer | Promise<Answer>) {
  const requests: URL[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', 'http://giphy.test');
    requests.push(url);
    void Promise.resolve(respond(url)).then(({ status, body }) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One GIF as Giphy describes it (only the fields we read, among many). */
const giphyGif = (id: string, host = 'media2.giphy.com') => ({
  type: 'gif',
  id,
  title: `GIF ${id}`,
  rating: 'g',
  images: {
    original: { url: `https://${host}/media/${id}/giphy.gif?cid=abc&rid=giphy.gif`, width: '480', height: '270' },
    fixed_width_small: { url: `https://${host}/media/${id}/100w.gif?cid=abc`, width: '100', height: '56' },
  },
});

/** Giphy's answer: 30 GIFs (more than we ask for), a few from hosts that are not Giphy's, one malformed entry. */
function giphyAnswer(prefix: string): Answer {
  const data = [
    giphyGif(`${prefix}-evil`, 'evil.example.com'),
    { id: `${prefix}-broken`, images: {} },
    giphyGif(`${prefix}-plain-http`, 'media.giphy.com.evil.example'),
    ...Array.from({ length: 30 }, (_, i) => giphyGif(`${prefix}-${i}`)),
  ];
  return { status: 200, body: JSON.stringify({ data, pagination: { count: data.length }, meta: { status: 200 } }) };
}

let giphy: Awaited<ReturnType<typeof fakeGiphy>>;
let app: TestApp;
const { call, ok } = trpcAs(() => app);

beforeAll(async () => {
  giphy = await fakeGiphy((url) => {
    const q = url.searchParams.get('q') ?? '';
    if (q === 'outage') return { status: 500, body: '{"meta":{"status":500}}' };
    if (q === 'garbage') return { status: 200, body: '<html>not json</html>' };
    return giphyAnswer(url.pathname.endsWith('/search') ? `s-${q}` : 'trending');
  });
  app = await createTestApp({ GIPHY_API_KEY: 'test-giphy-key', GIPHY_API_URL: giphy.url });
});
afterAll(async () => {
  await app?.close();
  await giphy?.close();
});

describe('roomMedia.gifs', () => {
  it('trending: 24 GIFs from Giphy, rated G, with the original and the small preview, only from Giphy’s hosts', async () => {
    const user = await testUser(app);
    const gifs = await ok(user, 'roomMedia.gifs', { type: 'trending' });
    expect(gifs).toHaveLength(ROOM_LIMITS.gifsPerRequest);
    expect(gifs[0]).toEqual({
      id: 'trending-0',
      title: 'GIF trending-0',
      url: 'https://media2.giphy.com/media/trending-0/giphy.gif?cid=abc&rid=giphy.gif',
      previewUrl: 'https://media2.giphy.com/media/trending-0/100w.gif?cid=abc',
    });
    expect(gifs.every((g) => g.url.startsWith('https://media2.giphy.com/'))).toBe(true);
    const asked = giphy.requests.find((r) => r.pathname === '/v1/gifs/trending')!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      api_key: 'test-giphy-key',
      limit: String(ROOM_LIMITS.gifsPerRequest),
      rating: 'g',
    });
  });

  it('search: asks Giphy for the words, and the same search (any case) is answered from the cache', async () => {
    const user = await testUser(app);
    const before = giphy.requests.length;
    const gifs = await ok(user, 'roomMedia.gifs', { type: 'search', q: 'happy cat' });
    expect(gifs.map((g) => g.id).slice(0, 2)).toEqual(['s-happy cat-0', 's-happy cat-1']);
    expect(giphy.requests.at(-1)!.searchParams.get('q')).toBe('happy cat');
    expect(giphy.requests.at(-1)!.searchParams.get('rating')).toBe('g');
    expect(await ok(user, 'roomMedia.gifs', { type: 'search', q: '  Happy Cat ' })).toEqual(gifs);
    expect(giphy.requests.length).toBe(before + 1);
  });

  it('a blank search finds nothing without calling Giphy', async () => {
    const user = await testUser(app);
    const before = giphy.requests.length;
    expect(await ok(user, 'roomMedia.gifs', { type: 'search', q: '   ' })).toEqual([]);
    expect(await ok(user, 'roomMedia.gifs', { type: 'search' })).toEqual([]);
    expect(giphy.requests.length).toBe(before);
  });

  it('a GIF it returns can be sent in a room', async () => {
    const user = await testUser(app);
    const [gif] = await ok(user, 'roomMedia.gifs', { type: 'search', q: 'wave' });
    const room = await makeRoom(app, user.id, { isPrivate: false, name: 'GIF corner' });
    const sent = await ok(user, 'roomMessages.send', {
      roomId: room.id,
      content: '',
      media: { type: 'gif', url: gif!.url, filename: gif!.title, size: 0 },
    });
    expect(sent.mediaUrl).toBe(gif!.url);
    expect(sent.mediaType).toBe('gif');
  });

  it('Giphy failing gives the composer’s words: "Failed to search GIFs", "Failed to load trending GIFs"', async () => {
    const user = await testUser(app);
    for (const q of ['outage', 'garbage']) {
      const result = await call(user, 'roomMedia.gifs', { type: 'search', q });
      expect(result.status).toBe(503);
      expect(result.error?.message).toBe(MEDIA_MESSAGES.searchFailed);
    }
    // A Giphy that is not there at all (its server closed): trending fails with its own words.
    const gone = await fakeGiphy(() => giphyAnswer('never'));
    await gone.close();
    const unreachable = await createTestApp({ GIPHY_API_KEY: 'test-giphy-key', GIPHY_API_URL: gone.url });
    try {
      const someone = await testUser(unreachable);
      const result = await trpcAs(unreachable).call(someone, 'roomMedia.gifs', { type: 'trending' });
      expect(result.status).toBe(503);
      expect(result.error?.message).toBe(MEDIA_MESSAGES.trendingFailed);
    } finally {
      await unreachable.close();
    }
  });

  it('a failure is not cached: the next call asks Giphy again', async () => {
    const user = await testUser(app);
    const before = giphy.requests.length;
    await call(user, 'roomMedia.gifs', { type: 'search', q: 'outage' });
    await call(user, 'roomMedia.gifs', { type: 'search', q: 'outage' });
    expect(giphy.requests.length).toBe(before + 2);
  });

  it('a visitor is refused, and Giphy is not called', async () => {
    const before = giphy.requests.length;
    const result = await call(null, 'roomMedia.gifs', { type: 'trending' });
    expect(result.status).toBe(401);
    expect(giphy.requests.length).toBe(before);
  });

  it('a search over 100 characters, or another type, is refused', async () => {
    const user = await testUser(app);
    expect((await call(user, 'roomMedia.gifs', { type: 'search', q: 'x'.repeat(101) })).status).toBe(400);
    const other = await trpcAs(app).callRaw(user, 'roomMedia.gifs', { type: 'random' });
    expect(other.status).toBe(400);
  });

  it(`one user gets ${GIFS_PER_USER.points} lookups a minute, cached or not; then a clear refusal`, async () => {
    const user = await testUser(app);
    for (let i = 0; i < GIFS_PER_USER.points; i += 1) await ok(user, 'roomMedia.gifs', { type: 'trending' });
    const refused = await call(user, 'roomMedia.gifs', { type: 'trending' });
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toBe(GIFS_RATE_LIMITED_MESSAGE);
    // Another user is not affected.
    expect((await call(await testUser(app), 'roomMedia.gifs', { type: 'trending' })).status).toBe(200);
  });
});

describe('roomMedia.gifs without GIPHY_API_KEY', () => {
  let bare: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    bare = await createTestApp({ GIPHY_API_URL: 'http://127.0.0.1:9' });
    user = await testUser(bare);
  });
  afterAll(() => bare?.close());

  it('says GIF search is not configured, for trending and search alike', async () => {
    for (const input of [{ type: 'trending' as const }, { type: 'search' as const, q: 'cat' }]) {
      const result = await trpcAs(bare).call(user, 'roomMedia.gifs', input);
      expect(result.status).toBe(412);
      expect(result.error?.data.appCode).toBe('GIFS_NOT_CONFIGURED');
      expect(result.error?.message).toBe(MEDIA_MESSAGES.gifNotConfigured);
    }
  });
});

/** An EBML element: its ID's bytes, a one- or two-byte size, its data (other elements or raw bytes). */
function ebml(id: number, ...contents: Buffer[]): Buffer {
  const data = Buffer.concat(contents);
  if (data.length > 0x3ffe) throw new Error('test element too large');
  const size =
    data.length < 0x7f
      ? Buffer.from([0x80 | data.length])
      : Buffer.from([0x40 | (data.length >> 8), data.length & 0xff]);
  return Buffer.concat([Buffer.from(id.toString(16), 'hex'), size, data]);
}

const WHERE = '+48.8566+002.3522/';

/** A WebM as a phone recorder writes it: header, info, one VP8 track, Tags saying where it was filmed, frames. */
function webmFilmedAtHome(segmentSize?: number) {
  const frames = ebml(
    0x1f43b675,
    ebml(0xe7, Buffer.from([0])),
    ebml(0xa3, Buffer.from([0x81, 0, 0, 0x80]), Buffer.alloc(300, 0x5a)),
  );
  const segment = ebml(
    0x18538067,
    ebml(0x1549a966, ebml(0x2ad7b1, Buffer.from([0x0f, 0x42, 0x40])), ebml(0x4d80, Buffer.from('Recorder'))),
    ebml(
      0x1654ae6b,
      ebml(0xae, ebml(0xd7, Buffer.from([1])), ebml(0x83, Buffer.from([1])), ebml(0x86, Buffer.from('V_VP8'))),
    ),
    ebml(
      0x1254c367,
      ebml(0x7373, ebml(0x67c8, ebml(0x45a3, Buffer.from('LOCATION')), ebml(0x4487, Buffer.from(WHERE)))),
    ),
    frames,
  );
  if (segmentSize !== undefined) segment.writeUInt16BE(0x4000 | segmentSize, 4);
  const header = ebml(
    0x1a45dfa3,
    ebml(0x4286, Buffer.from([1])),
    ebml(0x4282, Buffer.from('webm')),
    ebml(0x4287, Buffer.from([4])),
  );
  return { bytes: Buffer.concat([header, segment]), frames };
}

describe('POST /api/uploads/chat-media with a WebM', () => {
  it('stores it without where it was filmed: same length, the frames untouched', async () => {
    const user = await testUser(app);
    const { bytes, frames } = webmFilmedAtHome();
    expect(bytes.includes(Buffer.from(WHERE))).toBe(true);
    const result = await upload(app, 'chat-media', bytes, {
      cookie: user.cookie,
      filename: 'beach.webm',
      type: 'video/webm',
    });
    expect(result.status, result.json.error).toBe(200);
    expect(result.json).toMatchObject({ mediaType: 'video', filename: 'beach.webm', size: bytes.length });
    const stored = (await app.server.inject({ method: 'GET', url: result.json.url! })).rawPayload;
    expect(stored.length).toBe(bytes.length);
    expect(stored.includes(Buffer.from(WHERE))).toBe(false);
    expect(stored.includes(Buffer.from('LOCATION'))).toBe(false);
    expect(stored.indexOf(frames)).toBe(bytes.indexOf(frames));
  });

  it('refuses a WebM that cannot be walked to its end (its segment overruns the file), and stores nothing', async () => {
    const user = await testUser(app);
    const { bytes } = webmFilmedAtHome(0x3000);
    const result = await upload(app, 'chat-media', bytes, {
      cookie: user.cookie,
      filename: 'broken.webm',
      type: 'video/webm',
    });
    expect(result.status).toBe(400);
    expect(result.json.error).toBe(MEDIA_MESSAGES.unsupported);
    const folder = path.join(app.uploadsDir, 'chat-media', user.id);
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });
});
