import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * A built web app in miniature, precompressed by the real build step, in dist's layout (web/ and ssr/ side by
 * side); with `renderer`, that module stands in for the server's page renderer.
 */
function buildWebRoot(renderer?: string): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'web-app-'));
  const webRoot = path.join(dist, 'web');
  mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
  if (renderer) {
    mkdirSync(path.join(dist, 'ssr'));
    writeFileSync(path.join(dist, 'package.json'), '{"type":"module"}');
    writeFileSync(path.join(dist, 'ssr', 'entry-server.js'), renderer);
  }
  const filler = '<p>SkillNest lists what students offer.</p>\n'.repeat(100);
  writeFileSync(
    path.join(webRoot, 'index.html'),
    `<!doctype html><html><head><title>SkillNest</title><meta name="description" content="Plain" /></head>` +
      `<body><div id="root"></div>${filler}</body></html>`,
  );
  writeFileSync(
    path.join(webRoot, 'assets', 'app-abc123.js'),
    'console.log("a student skills marketplace");\n'.repeat(200),
  );
  writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js.map'), '{"version":3,"sourcesContent":["SECRET SOURCE"]}');
  writeFileSync(path.join(webRoot, 'clip.bin'), Buffer.alloc(4096, 7));
  mkdirSync(path.join(webRoot, '.vite'));
  const manifest = { 'index.html': { file: 'assets/app-abc123.js', isEntry: true } };
  writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), JSON.stringify(manifest));
  execFileSync(process.execPath, ['scripts/build-web.mjs', '--web-dir', webRoot, '--skip-ssr']);
  return webRoot;
}

describe('what the web app sends over the wire', () => {
  let app: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = buildWebRoot();
    app = await createTestApp({ NODE_ENV: 'production' }, { webRoot });
  });
  afterAll(async () => {
    await app.close();
    rmSync(path.dirname(webRoot), { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.server.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends index.html, an asset and API JSON brotli-compressed to a browser that accepts it', async () => {
    for (const url of ['/', '/assets/app-abc123.js', '/api/trpc/categories.list']) {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).length, url).toBeGreaterThan(response.rawPayload.length);
    }
  });

  it('falls back to gzip, and to plain bytes for a client that accepts no encoding', async () => {
    expect((await get('/assets/app-abc123.js', 'gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('/api/trpc/categories.list', 'gzip')).headers['content-encoding']).toBe('gzip');
    for (const url of ['/', '/assets/app-abc123.js', '/api/trpc/categories.list']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBeUndefined();
    }
    expect((await get('/assets/app-abc123.js')).body).toContain('a student skills marketplace');
  });

  it('leaves binary files as they are', async () => {
    const response = await get('/clip.bin', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('caches hashed assets for a year and makes the page revalidate', async () => {
    expect((await get('/assets/app-abc123.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/', 'br')).headers['cache-control']).toBe('no-cache');
    expect((await get('/some/client/route', 'br')).headers['cache-control']).toBe('no-cache');
    // A page is drawn for a visitor when no session cookie came: a cache must not hand that copy to a member.
    expect((await get('/', 'br')).headers.vary).toMatch(/cookie/i);
    expect((await get('/', 'br')).headers.vary).toMatch(/accept-encoding/i);
  });

  it('serves no source map in production, nor the build manifest', async () => {
    const map = await get('/assets/app-abc123.js.map', 'br');
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('SECRET SOURCE');
    expect((await get('/.vite/manifest.json')).body).not.toContain('app-abc123');
  });
});

/**
 * A stand-in for dist/ssr/entry-server.js with the real one's contract: it renders `/page`, `/missing` (404) and
 * `/<script>`, fails on `/broken`, and leaves every other address to the shell.
 */
const FAKE_RENDERER = `
export async function render(url) {
  if (url.pathname === '/broken') throw new Error('render failed');
  if (!['/page', '/missing', '/%3Cscript%3E'].includes(url.pathname)) return null;
  return {
    status: url.pathname === '/missing' ? 404 : 200,
    html: '<h1>Rendered ' + url.pathname + '</h1>',
    state: '{"queries":{"queries":[],"mutations":[]}}',
    head: { title: 'A "quoted" <title>', description: 'Posters & flyers', url: url.href, type: 'product',
      image: 'http://localhost:3000/files/cover.webp' },
  };
}`;

describe('the public pages rendered on the server', () => {
  let app: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = buildWebRoot(FAKE_RENDERER);
    app = await createTestApp({ NODE_ENV: 'production' }, { webRoot });
  });
  afterAll(async () => {
    await app.close();
    rmSync(path.dirname(webRoot), { recursive: true, force: true });
  });

  const get = (url: string) => app.server.inject({ method: 'GET', url });

  it('sends the rendered page in the template, with its head tags escaped and never cached', async () => {
    const response = await get('/page');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root"><h1>Rendered /page</h1></div>');
    expect(response.body).toContain('<script type="application/json" id="__SKILLNEST_STATE__">');
    expect(response.body).toContain('<title>A &quot;quoted&quot; &lt;title&gt;</title>');
    expect(response.body).toContain('<meta name="description" content="Posters &amp; flyers" />');
    expect(response.body).toContain('<meta property="og:type" content="product" />');
    expect(response.body).toContain('<meta property="og:image" content="http://localhost:3000/files/cover.webp" />');
    expect(response.body).not.toContain('content="Plain"');
    const compressed = await app.server.inject({ method: 'GET', url: '/page', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('Rendered /page');
  });

  it("answers the renderer's status: an unknown service is a 404 page", async () => {
    const response = await get('/missing');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Rendered /missing');
  });

  it('serves the plain shell for pages it does not render and when rendering fails, never a 500', async () => {
    for (const url of ['/settings', '/broken']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
    }
  });
});
