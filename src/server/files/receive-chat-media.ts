import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { ROOM_MEDIA_MIME_TYPES, type RoomMediaMime } from '../../domain/rooms';
import { AppError } from '../errors';
import { fileStem } from './blob-store';

/** Bytes the type is told from: file-type's own sample size, enough for every type a chat accepts. */
const SNIFF_BYTES = 4100;
/** The original file name a message shows, at most (the send's schema allows 255). */
export const MEDIA_FILENAME_MAX = 255;

export interface ReceivedMedia {
  /** The body on disk, to be removed by the caller. */
  path: string;
  size: number;
  mime: RoomMediaMime;
  /** The extension of the real type: jpg, png, gif, webp, mp4, webm or mov. */
  ext: string;
}

const isRoomMediaMime = (mime: string): mime is RoomMediaMime => Object.hasOwn(ROOM_MEDIA_MIME_TYPES, mime);

/**
 * Writes an upload's body to a file under `dir` as it arrives, so a 50 MB video is never held in memory while a slow
 * phone sends it. The real type is told from the first bytes (never the name or the browser's claim) and a wrong
 * one is refused then; a body past `maxBytes` is refused the moment it gets there. Either way the rest is not read
 * and the partial file is removed.
 */
export async function receiveChatMedia(body: Readable, dir: string, maxBytes: number): Promise<ReceivedMedia> {
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, `${fileStem()}.part`);
  const handle = await open(target, 'wx');
  let size = 0;
  let prefix: Buffer[] = [];
  let prefixLength = 0;
  let detected: { mime: RoomMediaMime; ext: string } | null = null;
  const sniff = async () => {
    const found = await fileTypeFromBuffer(Buffer.concat(prefix));
    prefix = [];
    if (!found || !isRoomMediaMime(found.mime)) throw new AppError('ROOM_MEDIA_UNSUPPORTED');
    return { mime: found.mime, ext: found.ext };
  };
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw new AppError('ROOM_MEDIA_TOO_LARGE');
      if (!detected) {
        prefix.push(chunk);
        prefixLength += chunk.length;
        if (prefixLength >= SNIFF_BYTES) detected = await sniff();
      }
      await handle.write(chunk);
    }
    detected ??= await sniff();
  } catch (error) {
    await handle.close();
    await rm(target, { force: true });
    throw error;
  }
  await handle.close();
  return { path: target, size, ...detected };
}

/** Characters a file name shown to others must not carry: controls, and the bidi marks that make "gpj.exe" look like "exe.jpg". */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name the sender's device gave the file, as a message shows it: no folders, no control or direction
 * characters, at most 255 characters (never cut inside a character). Without one, a name from the stored file.
 */
export function sanitizeMediaFilename(original: string | undefined, fallback: string): string {
  const base = (original ?? '').split(/[/\\]/).at(-1)!.replace(UNSAFE_IN_NAME, '').trim();
  let name = '';
  for (const char of base) {
    if (name.length + char.length > MEDIA_FILENAME_MAX) break;
    name += char;
  }
  return name || fallback;
}
