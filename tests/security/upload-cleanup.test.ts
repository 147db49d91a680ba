import { existsSync, utimesSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_VARIANTS } from '../../src/domain/files';
import { sweepUnattachedUploads } from '../../src/server/files/sweep-unattached-uploads';
import { trpcAs } from '../../src/server/testing/marketplace';
import { upload } from '../../src/server/testing/test-app';
import { appWithUser } from './helpers';

const given = appWithUser();
let image: Buffer;

beforeAll(async () => {
  image = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#484' } })
    .png()
    .toBuffer();
});

const fileOf = (url: string) => path.join(given.app.uploadsDir, ...url.replace(/^\/files\//, '').split('/'));
const DAY = 24 * 60 * 60 * 1000;

/** Makes an uploaded file look `ms` old. */
function age(url: string, ms: number) {
  const when = new Date(Date.now() - ms);
  utimesSync(fileOf(url), when, when);
}

async function uploaded(kind: 'portfolio' | 'service' | 'request') {
  const result = await upload(given.app, kind, image, { cookie: given.user.cookie });
  expect(result.status).toBe(200);
  return result.json.url!;
}

describe('uploads never attached to anything are deleted after 24 hours', () => {
  it('removes old unattached images of every kind, keeps attached ones and fresh ones', async () => {
    const { ok } = trpcAs(given.app);
    const orphanPortfolio = await uploaded('portfolio');
    const orphanService = await uploaded('service');
    const orphanRequest = await uploaded('request');
    const attached = await uploaded('portfolio');
    await ok(given.user, 'portfolio.create', {
      title: 'Robot arm',
      description: '',
      projectUrl: '',
      imageUrl: attached,
    });
    const fresh = await uploaded('service');
    const avatar = await upload(given.app, 'avatar', image, { cookie: given.user.cookie });
    const avatarUrl = avatar.json.avatarUrl!;
    const avatarFiles = AVATAR_VARIANTS.map((px) => avatarUrl.replace(/@\d+\.webp$/, `@${px}.webp`));
    for (const url of [orphanPortfolio, orphanService, orphanRequest, attached, ...avatarFiles]) age(url, DAY + 60_000);
    age(fresh, DAY - 60 * 60 * 1000);

    const removed = await sweepUnattachedUploads(given.app.database.db, given.app.uploadsDir);

    expect(removed.sort()).toEqual([orphanPortfolio, orphanRequest, orphanService].sort());
    for (const url of [orphanPortfolio, orphanService, orphanRequest]) expect(existsSync(fileOf(url))).toBe(false);
    for (const url of [attached, fresh, ...avatarFiles]) expect(existsSync(fileOf(url))).toBe(true);
  });

  it('a replaced avatar left behind on disk goes once it is old', async () => {
    const first = await upload(given.app, 'avatar', image, { cookie: given.user.cookie });
    const stale = first.json.avatarUrl!.replace(/@\d+\.webp$/, '@64.webp');
    // Copy a variant under a name no profile points at, as a crash between the steps of a replacement would leave.
    const orphan = stale.replace(/\/([^/]+)@64\.webp$/, '/0-orphan@64.webp');
    await sharp(fileOf(stale)).toFile(fileOf(orphan));
    age(orphan, 2 * DAY);
    const removed = await sweepUnattachedUploads(given.app.database.db, given.app.uploadsDir);
    expect(removed).toEqual([orphan]);
    expect(existsSync(fileOf(first.json.avatarUrl!))).toBe(true);
  });
});
