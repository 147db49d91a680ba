import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live and how they are addressed: /files/{bucket}/{userId}/{name}. */
export interface BlobStore {
  put(bucket: string, userId: string, name: string, data: Buffer): Promise<string>;
  /** Removes a file by its public URL; URLs outside the store are ignored. */
  remove(url: string | null | undefined): Promise<void>;
  /** Whether a URL names a file this user uploaded to this bucket. */
  owns(url: string, bucket: string, userId: string): boolean;
  /** Removes every file of a user (account deletion). */
  removeUser(userId: string): Promise<void>;
  root: string;
}

export const FILES_PREFIX = '/files/';
const SAFE_SEGMENT = /^[A-Za-z0-9._@-]+$/;

export function createLocalBlobStore(root: string): BlobStore {
  const resolve = (url: string): string | null => {
    if (!url.startsWith(FILES_PREFIX)) return null;
    const segments = url.slice(FILES_PREFIX.length).split('/');
    if (segments.length !== 3 || !segments.every((s) => SAFE_SEGMENT.test(s) && s !== '.' && s !== '..')) return null;
    return path.join(root, ...segments);
  };
  return {
    root,
    async put(bucket, userId, name, data) {
      const dir = path.join(root, bucket, userId);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, name), data);
      return `${FILES_PREFIX}${bucket}/${userId}/${name}`;
    },
    async remove(url) {
      const file = url ? resolve(url) : null;
      if (file) await rm(file, { force: true });
    },
    owns(url, bucket, userId) {
      return resolve(url) !== null && url.startsWith(`${FILES_PREFIX}${bucket}/${userId}/`);
    },
    async removeUser(userId) {
      if (!SAFE_SEGMENT.test(userId)) return;
      const buckets = await readdir(root).catch(() => [] as string[]);
      await Promise.all(buckets.map((b) => rm(path.join(root, b, userId), { recursive: true, force: true })));
    },
  };
}

/** {timestamp}-{random}: unique, unguessable enough, and ordered by time as the spec's {timestamp}.{ext} paths. */
export function fileStem(): string {
  return `${Date.now()}-${randomBytes(4).toString('hex')}`;
}
