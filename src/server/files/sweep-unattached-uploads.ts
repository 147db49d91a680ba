import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AVATAR_VARIANTS, UNATTACHED_UPLOAD_MAX_AGE_MS, UPLOAD_KINDS, type UploadKindName } from '../../domain/files';
import type { Db } from '../db/database';
import { portfolioItems } from '../db/schema/portfolio';
import { profiles } from '../db/schema/profiles';
import { chatMessages } from '../db/schema/rooms';
import { serviceRequests, services } from '../db/schema/services';
import { FILES_PREFIX } from './blob-store';
import { runPeriodically } from '../jobs/run-periodically';

/** How often the uploads folder is checked; a file lives at most a day and this long. */
export const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** URLs looked up per query. */
const LOOKUP_CHUNK = 500;

/** The column that attaches an upload of each kind to something. */
const ATTACHED_BY: Record<UploadKindName, AnyPgColumn> = {
  avatar: profiles.avatarUrl,
  portfolio: portfolioItems.imageUrl,
  service: services.imageUrl,
  request: serviceRequests.imageUrl,
  'chat-media': chatMessages.mediaUrl,
};

/** The URL a row stores for a file: an avatar's variants all hang on the largest one's URL. */
function attachedUrl(kind: UploadKindName, bucket: string, userId: string, name: string): string {
  const stored = kind === 'avatar' ? name.replace(/@\d+\.webp$/, `@${AVATAR_VARIANTS.at(-1)}.webp`) : name;
  return `${FILES_PREFIX}${bucket}/${userId}/${stored}`;
}

const list = (dir: string) => readdir(dir).catch(() => [] as string[]);

/**
 * Deletes uploads older than a day that no avatar, portfolio item, service or request points at (an image uploaded
 * in a form that was never saved, or one a failed save left behind). Returns the URLs of the files removed.
 */
export async function sweepUnattachedUploads(db: Db, root: string, now: Date = new Date()): Promise<string[]> {
  const cutoff = now.getTime() - UNATTACHED_UPLOAD_MAX_AGE_MS;
  const removed: string[] = [];
  for (const kind of Object.keys(UPLOAD_KINDS) as UploadKindName[]) {
    const bucket = UPLOAD_KINDS[kind].bucket;
    for (const userId of await list(path.join(root, bucket))) {
      const dir = path.join(root, bucket, userId);
      const old: { file: string; url: string; attachedAs: string }[] = [];
      for (const name of await list(dir)) {
        const file = path.join(dir, name);
        const info = await stat(file).catch(() => null);
        if (!info?.isFile() || info.mtimeMs > cutoff) continue;
        old.push({
          file,
          url: `${FILES_PREFIX}${bucket}/${userId}/${name}`,
          attachedAs: attachedUrl(kind, bucket, userId, name),
        });
      }
      for (let i = 0; i < old.length; i += LOOKUP_CHUNK) {
        const chunk = old.slice(i, i + LOOKUP_CHUNK);
        const column = ATTACHED_BY[kind];
        const rows = await db
          .select({ url: column })
          .from(column.table)
          .where(inArray(column, [...new Set(chunk.map((c) => c.attachedAs))]));
        const attached = new Set(rows.map((r) => r.url as string));
        for (const candidate of chunk.filter((c) => !attached.has(c.attachedAs))) {
          await rm(candidate.file, { force: true });
          removed.push(candidate.url);
        }
      }
    }
  }
  return removed;
}

/**
 * Runs the sweep for the server's lifetime; a failure is logged and the next run tries again. The returned stop
 * waits for a run in progress.
 */
export function startUploadSweep(
  db: Db,
  root: string,
  log: (error: unknown) => void,
  intervalMs: number = UPLOAD_SWEEP_INTERVAL_MS,
): () => Promise<void> {
  return runPeriodically(() => sweepUnattachedUploads(db, root), { intervalMs, runAtStart: false, log });
}
