import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  MAX_IMAGE_PIXELS,
  MB,
  UPLOADS_IN_FLIGHT_PER_USER,
  UPLOADS_IN_FLIGHT_PER_USER_MESSAGE,
  UPLOADS_PER_USER,
  UPLOADS_RATE_LIMITED_MESSAGE,
} from '../../src/domain/files';
import { testUser } from '../../src/server/testing/marketplace';
import { TEST_ORIGIN, upload } from '../../src/server/testing/test-app';
import { appWithUser } from './helpers';

const given = appWithUser();

/** A phone photo: 64 x 48 pixels stored sideways (orientation 6), with GPS coordinates and an author in EXIF. */
async function photoWithGps(): Promise<Buffer> {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({
      IFD0: { Artist: 'Jamie Student', ImageDescription: 'my house' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 42/1 4608/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '74/1 0/1 2160/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  // The attack needs real GPS data in the upload: EXIF with the GPS IFD pointer (tag 0x8825).
  const meta = await sharp(photo).metadata();
  expect(meta.exif?.includes(Buffer.from('Jamie Student'))).toBe(true);
  expect(meta.exif!.includes(Buffer.from([0x88, 0x25])) || meta.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);
  expect(meta.orientation).toBe(6);
  return photo;
}

/** A PNG whose header declares width x height, with a few kilobytes of compressed zero rows behind it. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // 8-bit grey
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc((width + 1) * 64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function served(url: string): Promise<Buffer> {
  const response = await given.app.server.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

async function expectNoMetadata(file: Buffer) {
  const meta = await sharp(file).metadata();
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.comments ?? []).toEqual([]);
  expect(file.includes(Buffer.from('Jamie Student'))).toBe(false);
  expect(file.includes(Buffer.from('my house'))).toBe(false);
  // The orientation was applied to the pixels: the sideways photo now stands upright.
  expect([meta.width, meta.height]).toEqual([48, 64]);
  return meta;
}

describe('uploaded photos never publish their metadata', () => {
  for (const kind of ['portfolio', 'service', 'request'] as const) {
    it(`a ${kind} image is served without EXIF, GPS, XMP or comments, upright`, async () => {
      const result = await upload(given.app, kind, await photoWithGps(), {
        cookie: given.user.cookie,
        filename: 'IMG_0001.jpg',
        type: 'image/jpeg',
      });
      expect(result.status, result.json.error).toBe(200);
      await expectNoMetadata(await served(result.json.url!));
    });
  }

  it('an avatar is served without EXIF or GPS', async () => {
    const result = await upload(given.app, 'avatar', await photoWithGps(), {
      cookie: given.user.cookie,
      filename: 'me.jpg',
      type: 'image/jpeg',
    });
    expect(result.status, result.json.error).toBe(200);
    const meta = await sharp(await served(result.json.avatarUrl!)).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
  });
});

describe('decompression bombs are refused from the header', () => {
  it('a few-kilobyte PNG declaring 20000 x 20000 pixels is refused at once with the limit named', async () => {
    const bomb = pngDeclaring(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100_000);
    for (const kind of ['avatar', 'portfolio', 'service', 'request'] as const) {
      const started = performance.now();
      const result = await upload(given.app, kind, bomb, { cookie: given.user.cookie });
      expect(result.status).toBe(400);
      expect(result.json.error).toBe(IMAGE_TOO_MANY_PIXELS_MESSAGE);
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });

  it('an image just over the pixel limit (under the decoder default) is never decoded: memory stays bounded', async () => {
    // 10000 x 10000 = 100 megapixels: over our 40, under sharp's default 268, so only our check stops it.
    expect(10_000 * 10_000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    const bomb = pngDeclaring(10_000, 10_000);
    const before = process.memoryUsage().rss;
    for (const kind of ['avatar', 'portfolio'] as const) {
      const result = await upload(given.app, kind, bomb, { cookie: given.user.cookie });
      expect(result.status).toBe(400);
      expect(result.json.error).toBe(IMAGE_TOO_MANY_PIXELS_MESSAGE);
    }
    // Decoding it once would take 100 MB (grey) to 400 MB (RGBA).
    expect(process.memoryUsage().rss - before).toBeLessThan(80 * 1024 * 1024);
  });
});

describe('concurrent uploads queue instead of piling up', () => {
  it('several users uploading at once all succeed', async () => {
    const image = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#39c' } })
      .jpeg()
      .toBuffer();
    const uploaders = await Promise.all([testUser(given.app), testUser(given.app), testUser(given.app)]);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        upload(given.app, i % 2 ? 'service' : 'portfolio', image, {
          cookie: uploaders[i % 3]!.cookie,
          filename: 'a.jpg',
          type: 'image/jpeg',
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });
});

/** One multipart body, built once and sent many times, so the test itself holds a single copy. */
function multipartBody(file: Buffer) {
  const boundary = '----attack-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('one account cannot hold the server memory or fill its disk with uploads', () => {
  it('60 parallel 8 MB avatar uploads from one account: all but its 2 slots are refused at once, memory stays bounded', async () => {
    const attacker = await testUser(given.app);
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    // A real JPEG padded to 8 MB: every upload the server reads costs it 8 MB until refused or stored.
    const { body, contentType } = multipartBody(Buffer.concat([photo, Buffer.alloc(8 * MB - photo.length)]));
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 60 }, () =>
        given.app.server.inject({
          method: 'POST',
          url: '/api/uploads/avatar',
          headers: { origin: TEST_ORIGIN, cookie: attacker.cookie, 'content-type': contentType },
          payload: body,
        }),
      ),
    );
    clearInterval(sampler);
    // Read in full, 60 bodies would be 480 MB; two slots hold 16 MB.
    expect(peak - before).toBeLessThan(150 * MB);
    const statuses = responses.map((r) => r.statusCode);
    const refused = responses.filter((r) => r.statusCode === 429);
    // Nearly all refused: on a loaded machine an upload may finish before the last requests arrive, and its freed slot
    // is rightly taken by one of them (CI once saw 4 accepted), so this is not exactly 60 - 2. Without the limit none
    // would be refused.
    expect(refused.length, `statuses: ${statuses.join(',')}`).toBeGreaterThanOrEqual(
      60 - 5 * UPLOADS_IN_FLIGHT_PER_USER,
    );
    expect(refused[0]!.json().error).toBe(UPLOADS_IN_FLIGHT_PER_USER_MESSAGE);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(10_000);

    // The slots are given back: the same account can upload again right after.
    const next = await upload(given.app, 'avatar', photo, {
      cookie: attacker.cookie,
      filename: 'a.jpg',
      type: 'image/jpeg',
    });
    expect(next.status).toBe(200);
  });

  it('a few uploads in a row work; a loop is stopped by the per-account window', async () => {
    const looper = await testUser(given.app);
    const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3c3' } })
      .png()
      .toBuffer();
    const statuses: number[] = [];
    for (let i = 0; i < UPLOADS_PER_USER.points; i += 1) {
      statuses.push(
        (await upload(given.app, i % 2 ? 'service' : 'portfolio', photo, { cookie: looper.cookie })).status,
      );
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const beyond = await upload(given.app, 'portfolio', photo, { cookie: looper.cookie });
    expect(beyond.status).toBe(429);
    expect(beyond.json.error).toBe(UPLOADS_RATE_LIMITED_MESSAGE);
    // Another account is not affected.
    const other = await testUser(given.app);
    expect((await upload(given.app, 'portfolio', photo, { cookie: other.cookie })).status).toBe(200);
  });
});
