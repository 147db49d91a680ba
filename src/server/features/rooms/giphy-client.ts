import { z } from 'zod';

/** Spec 3, section 3: a GIF search result (id, original url, small preview url, title). */
export interface Gif {
  id: string;
  title: string;
  url: string;
  previewUrl: string;
}

export type GifQuery = { type: 'trending' } | { type: 'search'; q: string };

/** How long Giphy may take before the composer is told the GIFs failed to load. */
export const GIPHY_TIMEOUT_MS = 5000;
/** Giphy's answer for 24 GIFs is about 100 KB; anything far past that is not an answer we want to parse. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
/** The send accepts URLs up to this long. */
const MAX_URL_LENGTH = 2048;

/** Giphy's media hosts, the same the send accepts for a GIF (rooms/send-room-message.ts). */
const GIPHY_MEDIA_HOST = /^(?:media[0-9]?|i)\.giphy\.com$/;

/** Whether a URL is a GIF served by Giphy over https, which is all a room may show from outside. */
export function isGiphyMediaUrl(value: string): boolean {
  if (value.length > MAX_URL_LENGTH) return false;
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' &&
      url.port === '' &&
      url.username === '' &&
      url.password === '' &&
      GIPHY_MEDIA_HOST.test(url.hostname)
    );
  } catch {
    return false;
  }
}

const image = z.object({ url: z.string() });
const giphyGif = z.object({
  id: z.string().min(1).max(100),
  title: z.string().max(500).catch(''),
  images: z.object({ original: image, fixed_width_small: image }),
});
const giphyAnswer = z.object({ data: z.array(z.unknown()) });

export class GiphyError extends Error {}

/** The body, read up to `limit` bytes: a misbehaving upstream cannot make the server buffer without end. */
async function boundedText(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > limit) throw new GiphyError(`answer of ${declared} bytes`);
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    length += read.value.length;
    if (length > limit) {
      await reader.cancel();
      throw new GiphyError('answer too long');
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * One call to Giphy's trending or search endpoint, rated G (many users are minors). Returns the GIFs whose both
 * URLs are on Giphy's media hosts over https; entries that do not parse are dropped. Throws GiphyError when Giphy
 * does not answer in time, answers with an error, or answers something that is not its JSON.
 */
export async function fetchGifs(
  deps: { apiUrl: string; apiKey: string; fetch?: typeof fetch },
  query: GifQuery,
  limit: number,
): Promise<Gif[]> {
  const { fetch: fetchImpl = fetch } = deps;
  const url = new URL(`v1/gifs/${query.type}`, deps.apiUrl.endsWith('/') ? deps.apiUrl : `${deps.apiUrl}/`);
  url.searchParams.set('api_key', deps.apiKey);
  url.searchParams.set('limit', String(limit));
  url.searchParams.set('rating', 'g');
  if (query.type === 'search') url.searchParams.set('q', query.q);
  let body: unknown;
  try {
    const response = await fetchImpl(url, {
      signal: AbortSignal.timeout(GIPHY_TIMEOUT_MS),
      headers: { accept: 'application/json' },
      redirect: 'error',
    });
    if (!response.ok) throw new GiphyError(`Giphy answered ${response.status}`);
    body = JSON.parse(await boundedText(response, MAX_ANSWER_BYTES));
  } catch (error) {
    if (error instanceof GiphyError) throw error;
    throw new GiphyError(error instanceof Error ? error.message : String(error));
  }
  const answer = giphyAnswer.safeParse(body);
  if (!answer.success) throw new GiphyError('not a Giphy answer');
  const gifs: Gif[] = [];
  for (const entry of answer.data.data) {
    const gif = giphyGif.safeParse(entry);
    if (!gif.success) continue;
    const { original, fixed_width_small: preview } = gif.data.images;
    if (!isGiphyMediaUrl(original.url) || !isGiphyMediaUrl(preview.url)) continue;
    gifs.push({ id: gif.data.id, title: gif.data.title, url: original.url, previewUrl: preview.url });
    if (gifs.length === limit) break;
  }
  return gifs;
}
