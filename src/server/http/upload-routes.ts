import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PROFILE_MESSAGES } from '../../domain/profile';
import { ROOM_MEDIA_MIME_TYPES } from '../../domain/rooms';
import { UPLOAD_KINDS, type UploadKindName } from '../../domain/files';
import type { Auth } from '../auth/auth';
import type { Db } from '../db/database';
import { AppError, APP_ERRORS } from '../errors';
import { uploadAvatar } from '../features/profiles/upload-avatar';
import { fileStem, type BlobStore } from '../files/blob-store';
import { createImageQueue } from '../files/image-queue';
import { createUploadSlots } from '../files/upload-slots';
import { reencodeImage } from '../files/reencode-image';
import { assertUploadContent } from '../files/sniff-image';
import { receiveChatMedia, sanitizeMediaFilename, type ReceivedMedia } from '../files/receive-chat-media';
import { MalformedVideoError, stripVideoMetadata } from '../files/strip-video-metadata';
import { stripWebmMetadata } from '../files/strip-webm-metadata';
import type { DomainEvents } from '../events/domain-events';
import { toFetchHeaders } from './auth-bridge';

type SessionUser = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>['user'];

const STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
} as Record<string, number>;

/**
 * Uploads are plain multipart routes (tRPC's batch link cannot carry files): POST /api/uploads/{kind} with one
 * "file" field, answered with the stored file's URL. A slot (server-wide and per user, and a per-user window) is taken
 * before the body is read, since it is held in memory until stored. Size, real type and pixel count are checked from
 * the bytes and the header; then the image is decoded once, in a bounded queue, and only its re-encoded pixels are kept.
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; files: BlobStore; events: DomainEvents },
) {
  const { auth, db, files, events } = deps;
  const images = createImageQueue();
  const slots = createUploadSlots();
  const largest = Math.max(...Object.values(UPLOAD_KINDS).map((k) => k.maxBytes));
  await app.register(multipart, { limits: { files: 1, fields: 0, fileSize: largest + 1 } });

  /** Signed in, a slot taken, then the body read and checked; `store` runs with the slot still held. */
  async function receive<T>(
    request: FastifyRequest,
    kind: UploadKindName,
    store: (upload: { user: SessionUser } & Awaited<ReturnType<typeof readUpload>>) => Promise<T>,
  ) {
    const session = await auth.api.getSession({ headers: toFetchHeaders(request) });
    if (!session) throw new AppError('UNAUTHENTICATED', PROFILE_MESSAGES.notAuthenticated);
    const release = await slots.take(session.user.id);
    try {
      return await store({ user: session.user, ...(await readUpload(request, kind)) });
    } finally {
      release();
    }
  }

  async function readUpload(request: FastifyRequest, kind: UploadKindName) {
    const part = await request.file({ limits: { fileSize: UPLOAD_KINDS[kind].maxBytes } });
    if (!part) throw new AppError('BAD_INPUT', UPLOAD_KINDS[kind].wrongTypeMessage);
    const data = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('BAD_INPUT', UPLOAD_KINDS[kind].tooLargeMessage);
      throw error;
    });
    const header = await assertUploadContent(kind, data);
    return { data, header };
  }

  /** Decodes in turn; an image whose header was fine but whose pixels are not is refused like a wrong type. */
  function decodeInTurn<T>(kind: UploadKindName, work: () => Promise<T>): Promise<T> {
    return images.run(() =>
      work().catch((error: unknown) => {
        if (error instanceof AppError) throw error;
        throw new AppError('BAD_INPUT', UPLOAD_KINDS[kind].wrongTypeMessage);
      }),
    );
  }

  function fail(reply: FastifyReply, error: unknown) {
    if (error instanceof AppError) {
      return reply.status(STATUS[APP_ERRORS[error.code].status] ?? 400).send({ error: error.message });
    }
    throw error;
  }

  app.post('/api/uploads/avatar', async (request, reply) => {
    try {
      return await receive(request, 'avatar', ({ user, data, header }) =>
        decodeInTurn('avatar', () => uploadAvatar({ db, events, files }, user, { image: data, header })),
      );
    } catch (error) {
      return fail(reply, error);
    }
  });

  // Images that items reference by URL: re-encoded, attached (and owned) when the item is saved; one never
  // attached is deleted after a day (sweep-unattached-uploads.ts).
  for (const kind of ['portfolio', 'service', 'request'] as const) {
    app.post(`/api/uploads/${kind}`, async (request, reply) => {
      try {
        return await receive(request, kind, async ({ user, data, header }) => {
          const clean = await decodeInTurn(kind, () => reencodeImage(data, header));
          const url = await files.put(UPLOAD_KINDS[kind].bucket, user.id, `${fileStem()}.${header.ext}`, clean);
          return { url };
        });
      } catch (error) {
        return fail(reply, error);
      }
    });
  }

  /**
   * Chat room media (spec 3, section 5): images, GIFs and videos up to 50 MB. Unlike the images above, the body is
   * written to disk as it arrives (under the store's root, in a dot-folder the file routes never serve), so a slow
   * 50 MB upload holds a slot and a file, not 50 MB of memory; only the checked file is read back to be stored.
   * Images are re-encoded like every other (no EXIF or GPS), a GIF keeping its frames. A video is cleaned in place,
   * same length, nothing moved: an MP4 or QuickTime has its location and other description boxes blanked and its
   * timed metadata tracks' samples (GoPro GPS, Google camm, Apple timed location) zeroed
   * (files/strip-video-metadata.ts); a WebM has its Tags, Attachments, title and date turned into Void elements
   * (files/strip-webm-metadata.ts). A video that cannot be walked to the end is refused as unsupported rather than
   * published with its location.
   */
  const incoming = path.join(files.root, '.incoming');
  // What a crash left half-received; one server per data folder, so nothing else is writing here now.
  await rm(incoming, { recursive: true, force: true });
  /** Checks and cleans a received body and stores it; answers what the composer needs to send it. */
  async function storeChatMedia(user: SessionUser, media: ReceivedMedia, originalName: string | undefined) {
    const rules = UPLOAD_KINDS['chat-media'];
    const mediaType = ROOM_MEDIA_MIME_TYPES[media.mime];
    let data: Buffer;
    if (mediaType === 'video') {
      const strip = media.mime === 'video/webm' ? stripWebmMetadata : stripVideoMetadata;
      await strip(media.path).catch((error: unknown) => {
        if (error instanceof MalformedVideoError) throw new AppError('ROOM_MEDIA_UNSUPPORTED');
        throw error;
      });
      data = await readFile(media.path);
    } else {
      const raw = await readFile(media.path);
      const header = await assertUploadContent('chat-media', raw);
      data = await decodeInTurn('chat-media', () => reencodeImage(raw, header));
      // Re-encoding rarely grows a file, but what is stored must stay within the limit a message may carry.
      if (data.length > rules.maxBytes) throw new AppError('ROOM_MEDIA_TOO_LARGE');
    }
    const stored = `${fileStem()}.${media.ext}`;
    const url = await files.put(rules.bucket, user.id, stored, data);
    return { url, mediaType, filename: sanitizeMediaFilename(originalName, stored), size: data.length };
  }

  app.post('/api/uploads/chat-media', async (request, reply) => {
    const rules = UPLOAD_KINDS['chat-media'];
    try {
      const session = await auth.api.getSession({ headers: toFetchHeaders(request) });
      if (!session) throw new AppError('UNAUTHENTICATED', PROFILE_MESSAGES.notAuthenticated);
      const release = await slots.take(session.user.id);
      try {
        // One byte over the limit reaches our check, which refuses with the spec's message, before the parser cuts it.
        const part = await request.file({ limits: { fileSize: rules.maxBytes + 1 } });
        if (!part) throw new AppError('ROOM_MEDIA_UNSUPPORTED');
        const media = await receiveChatMedia(part.file, incoming, rules.maxBytes);
        try {
          return await storeChatMedia(session.user, media, part.filename);
        } finally {
          // Removed before the answer leaves: a refused body is gone by the time the client hears so.
          await rm(media.path, { force: true });
        }
      } finally {
        release();
      }
    } catch (error) {
      return fail(reply, error);
    }
  });
}
