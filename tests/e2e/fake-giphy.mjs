// A stand-in for Giphy's API during the e2e run (started by playwright.config.ts), so the GIF tab can be tested
// without a key or a network: GET /v1/gifs/trending and /v1/gifs/search answer in the shape giphy-client.ts parses.
// The GIFs' URLs are on Giphy's own media hosts (the server keeps only those, and a room shows only those); the test
// serves them from the browser's side with context.route, so no request leaves the machine.
import http from 'node:http';

const port = Number(process.env.PORT ?? 3211);
/** The key the e2e server is given: an answer to any other proves the server forgot to send its key. */
const apiKey = process.env.FAKE_GIPHY_KEY ?? 'e2e-fake-giphy-key';
/** Giphy's own page size cap; the server asks for 24. */
const MAX_LIMIT = 50;
/** Searches are short; a longer q is not something the server should send. */
const MAX_QUERY = 100;

/** One Giphy-shaped GIF; the title says where it came from, so a test can tell trending from a search. */
function gif(kind, index) {
  const id = `e2e-${kind}-${index}`;
  return {
    type: 'gif',
    id,
    title: `${kind === 'trending' ? 'Trending' : kind} GIF ${index}`,
    rating: 'g',
    images: {
      original: { url: `https://media.giphy.com/media/${id}/giphy.gif`, width: '16', height: '16' },
      fixed_width_small: { url: `https://i.giphy.com/media/${id}/100w.gif`, width: '16', height: '16' },
    },
  };
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
  if (req.method !== 'GET') return send(res, 405, { message: 'Method not allowed' });
  if (url.pathname === '/health') return send(res, 200, { ok: true });
  const endpoint = /^\/v1\/gifs\/(trending|search)$/.exec(url.pathname)?.[1];
  if (!endpoint) return send(res, 404, { message: 'Not found' });
  if (url.searchParams.get('api_key') !== apiKey) return send(res, 401, { message: 'Invalid authentication' });
  // Many users are minors: the server must always ask for G-rated GIFs.
  if (url.searchParams.get('rating') !== 'g') return send(res, 400, { message: 'rating g expected' });
  const limit = Math.min(Number(url.searchParams.get('limit') ?? 25) || 25, MAX_LIMIT);
  const q = (url.searchParams.get('q') ?? '').trim().toLowerCase().slice(0, MAX_QUERY);
  if (endpoint === 'search' && !q) return send(res, 400, { message: 'q required' });
  const kind = endpoint === 'trending' ? 'trending' : q.replace(/[^a-z0-9]+/g, '-');
  const data = Array.from({ length: limit }, (_, i) => gif(kind, i + 1));
  send(res, 200, { data, pagination: { count: data.length, offset: 0 }, meta: { status: 200, msg: 'OK' } });
});

server.listen(port, '127.0.0.1', () => console.log(`fake Giphy on http://127.0.0.1:${port}`));
// Playwright ends web servers with a signal; close cleanly so nothing is left listening.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
