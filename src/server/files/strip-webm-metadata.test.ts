import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MalformedVideoError } from './strip-video-metadata';
import { stripWebmMetadata } from './strip-webm-metadata';

const dir = mkdtempSync(path.join(os.tmpdir(), 'strip-webm-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ID = {
  EBML: 0x1a45dfa3,
  SEGMENT: 0x18538067,
  SEEK_HEAD: 0x114d9b74,
  SEEK: 0x4dbb,
  INFO: 0x1549a966,
  TRACKS: 0x1654ae6b,
  CLUSTER: 0x1f43b675,
  CUES: 0x1c53bb6b,
  TAGS: 0x1254c367,
  ATTACHMENTS: 0x1941a469,
  TITLE: 0x7ba9,
  DATE_UTC: 0x4461,
  VOID: 0xec,
  CRC32: 0xbf,
};

const text = (value: string) => Buffer.from(value, 'latin1');
const idBytes = (id: number) => Buffer.from(id.toString(16).padStart(2, '0'), 'hex');

/** An EBML size: `length` bytes (the fewest that can say it by default), the first marked by its leading zeros. */
function vint(value: number, length?: number): Buffer {
  let bytes = length ?? 1;
  while (!length && value > 2 ** (7 * bytes) - 2) bytes += 1;
  const out = Buffer.alloc(bytes);
  let rest = value;
  for (let i = bytes - 1; i >= 0; i -= 1) {
    out[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  out[0]! |= 0x80 >> (bytes - 1);
  return out;
}
/** The "unknown" size a live recorder (a browser's MediaRecorder) writes for the Segment and each Cluster. */
const UNKNOWN = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

/** An EBML element: ID, size, data (other elements or raw bytes). */
function el(id: number, ...contents: Buffer[]): Buffer {
  const data = Buffer.concat(contents);
  return Buffer.concat([idBytes(id), vint(data.length), data]);
}
/** The same with its size written in `sizeLength` bytes, as muxers that patch sizes afterwards do (ffmpeg: 8). */
function elSized(id: number, sizeLength: number, ...contents: Buffer[]): Buffer {
  const data = Buffer.concat(contents);
  return Buffer.concat([idBytes(id), vint(data.length, sizeLength), data]);
}
const openEl = (id: number, ...contents: Buffer[]) => Buffer.concat([idBytes(id), UNKNOWN, ...contents]);
const uint = (...bytes: number[]) => Buffer.from(bytes);

const ebmlHeader = (docType = 'webm') =>
  el(
    ID.EBML,
    el(0x4286, uint(1)),
    el(0x42f7, uint(1)),
    el(0x42f2, uint(4)),
    el(0x42f3, uint(8)),
    el(0x4282, text(docType)),
    el(0x4287, uint(4)),
    el(0x4285, uint(2)),
  );
const seek = (target: number, position: number) =>
  el(ID.SEEK, el(0x53ab, idBytes(target)), el(0x53ac, uint(0, 0, position >> 8, position & 0xff)));
const info = el(
  ID.INFO,
  el(0x2ad7b1, uint(0x0f, 0x42, 0x40)),
  el(0x4d80, text('Lavf60.16.100')),
  el(0x5741, text('Lavf60.16.100')),
  el(ID.TITLE, text('Our street')),
  el(ID.DATE_UTC, Buffer.alloc(8, 0x12)),
);
const tracks = el(
  ID.TRACKS,
  el(
    0xae,
    el(0xd7, uint(1)),
    el(0x73c5, uint(1)),
    el(0x83, uint(1)),
    el(0x86, text('V_VP8')),
    el(0xe0, el(0xb0, uint(64)), el(0xba, uint(48))),
  ),
);
const LOCATION = '+48.85+002.35/';
/** Tags as a phone recorder writes them: a title, a date, and where it was filmed. */
const tags = el(
  ID.TAGS,
  el(
    0x7373,
    el(0x63c0, el(0x68ca, uint(50))),
    el(0x67c8, el(0x45a3, text('LOCATION')), el(0x4487, text(LOCATION))),
    el(0x67c8, el(0x45a3, text('DATE_RECORDED')), el(0x4487, text('2024-05-01'))),
  ),
);
/** A cover picture attached to the file, its EXIF naming where it was taken. */
const attachments = el(
  ID.ATTACHMENTS,
  el(
    0x61a7,
    el(0x466e, text('cover.jpg')),
    el(0x4660, text('image/jpeg')),
    el(0x465c, uint(0xff, 0xd8, 0xff, 0xe1), text('Exif\0\0 GPSLatitude 48/1 51/1')),
    el(0x46ae, uint(7)),
  ),
);
/** A frame: track 1, timestamp 0, a keyframe, then the picture's bytes. */
const simpleBlock = (fill: number, length = 200) => el(0xa3, uint(0x81, 0, 0, 0x80), Buffer.alloc(length, fill));
const cluster = (fill: number) => el(ID.CLUSTER, el(0xe7, uint(fill)), simpleBlock(fill), simpleBlock(fill + 1));

interface Parsed {
  id: number;
  start: number;
  dataStart: number;
  end: number;
}

/** The elements laid end to end in [start, end) of `bytes`, read independently of the code under test. */
function parse(bytes: Buffer, start: number, end: number): Parsed[] {
  const found: Parsed[] = [];
  for (let at = start; at < end;) {
    const first = bytes[at]!;
    const idLength = first >= 0x80 ? 1 : first >= 0x40 ? 2 : first >= 0x20 ? 3 : 4;
    const sizeLength = Math.clz32(bytes[at + idLength]!) - 23;
    let size = bytes[at + idLength]! & (0xff >> sizeLength);
    for (let i = 1; i < sizeLength; i += 1) size = size * 256 + bytes[at + idLength + i]!;
    const dataStart = at + idLength + sizeLength;
    found.push({ id: bytes.readUIntBE(at, idLength), start: at, dataStart, end: dataStart + size });
    at = dataStart + size;
    expect(at).toBeLessThanOrEqual(end);
  }
  return found;
}
const childrenOf = (bytes: Buffer, parent: Parsed) => parse(bytes, parent.dataStart, parent.end);

async function stripped(name: string, bytes: Buffer) {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  const blanked = await stripWebmMetadata(file);
  return { blanked, after: readFileSync(file) };
}

/** A Void spanning exactly what `original` was, its contents zeros. */
function expectVoidWhere(after: Buffer, found: Parsed, original: Parsed) {
  expect(found).toMatchObject({ id: ID.VOID, start: original.start, end: original.end });
  expect(after.subarray(found.dataStart, found.end).equals(Buffer.alloc(found.end - found.dataStart))).toBe(true);
}

describe('stripWebmMetadata', () => {
  it('turns Tags and Attachments into Voids of the same length, blanks the title and date, keeps every frame', async () => {
    const clusters = Buffer.concat([cluster(0x10), cluster(0x20)]);
    const seekHead = el(ID.SEEK_HEAD, seek(ID.INFO, 0x40), seek(ID.TAGS, 0x100), seek(ID.CLUSTER, 0x200));
    const original = Buffer.concat([ebmlHeader(), el(ID.SEGMENT, seekHead, info, tracks, tags, attachments, clusters)]);
    for (const secret of [LOCATION, 'LOCATION', 'cover.jpg', 'GPSLatitude', 'Our street']) {
      expect(original.includes(text(secret))).toBe(true);
    }
    const { blanked, after } = await stripped('phone.webm', original);
    expect(blanked).toEqual(['SeekHead/Seek', 'Info/Title', 'Info/DateUTC', 'Tags', 'Attachments']);
    expect(after.length).toBe(original.length);
    for (const secret of [LOCATION, 'LOCATION', 'DATE_RECORDED', 'cover.jpg', 'GPSLatitude', 'Our street']) {
      expect(after.includes(text(secret))).toBe(false);
    }
    // The frames are byte for byte where they were.
    expect(after.indexOf(clusters)).toBe(original.indexOf(clusters));

    // The file still parses: the same segment, its Tags and Attachments now Voids spanning exactly their bytes.
    const [, segmentBefore] = parse(original, 0, original.length);
    const [, segment] = parse(after, 0, after.length);
    const before = childrenOf(original, segmentBefore!);
    const now = childrenOf(after, segment!);
    expect(now.map((e) => e.id)).toEqual([ID.SEEK_HEAD, ID.INFO, ID.TRACKS, ID.VOID, ID.VOID, ID.CLUSTER, ID.CLUSTER]);
    expectVoidWhere(after, now[3]!, before[3]!);
    expectVoidWhere(after, now[4]!, before[4]!);
    // Info keeps what playback needs (timestamp scale, muxing and writing apps); the seek entry for Tags is gone.
    expect(childrenOf(after, now[1]!).map((e) => e.id)).toEqual([0x2ad7b1, 0x4d80, 0x5741, ID.VOID, ID.VOID]);
    expect(childrenOf(after, now[0]!).map((e) => e.id)).toEqual([ID.SEEK, ID.VOID, ID.SEEK]);
    expect(after.subarray(0, now[0]!.start).equals(original.subarray(0, before[0]!.start))).toBe(true);
    expect(after.includes(tracks)).toBe(true);
  });

  it.each([
    // Void's size takes the fewest bytes that can hold it; 127 in one byte would mean "unknown", so it takes two.
    ...[0, 1, 120, 121, 122, 123, 124, 125, 126, 127, 128, 16_375, 16_376, 16_377, 16_378, 16_379, 16_380].map(
      (length): [number, string] => [length, 'the fewest bytes'],
    ),
    [0, '8 bytes'],
    [125, '8 bytes'],
    [16_380, '8 bytes'],
  ] as [number, string][])(
    'a Tags element of %i bytes, its size written in %s, becomes a Void of the same length',
    async (length, sizeIn) => {
      const sizeLength = sizeIn === '8 bytes' ? 8 : 0;
      const tagsOfLength = sizeLength
        ? elSized(ID.TAGS, sizeLength, Buffer.alloc(length, 0x41))
        : el(ID.TAGS, Buffer.alloc(length, 0x41));
      const original = Buffer.concat([ebmlHeader(), el(ID.SEGMENT, info, tagsOfLength, cluster(0x30))]);
      const { after } = await stripped(`tags-${length}-${sizeLength}.webm`, original);
      expect(after.length).toBe(original.length);
      const [, segment] = parse(after, 0, after.length);
      const [, before] = childrenOf(original, parse(original, 0, original.length)[1]!);
      const children = childrenOf(after, segment!);
      expect(children.map((e) => e.id)).toEqual([ID.INFO, ID.VOID, ID.CLUSTER]);
      expectVoidWhere(after, children[1]!, before!);
    },
  );

  it('cleans what a browser records: a Segment and Clusters of unknown size, Tags after the frames', async () => {
    const frames = Buffer.concat([
      openEl(ID.CLUSTER, el(0xe7, uint(0)), simpleBlock(0x41), simpleBlock(0x42)),
      openEl(ID.CLUSTER, el(0xe7, uint(1)), el(ID.VOID, Buffer.alloc(3)), simpleBlock(0x43)),
    ]);
    const original = Buffer.concat([ebmlHeader(), openEl(ID.SEGMENT, info, tracks, frames, tags, el(ID.CUES))]);
    const { blanked, after } = await stripped('recorder.webm', original);
    expect(blanked).toEqual(['Info/Title', 'Info/DateUTC', 'Tags']);
    expect(after.length).toBe(original.length);
    expect(after.includes(text(LOCATION))).toBe(false);
    expect(after.indexOf(frames)).toBe(original.indexOf(frames));
    expect(after.subarray(after.length - el(ID.CUES).length).equals(el(ID.CUES))).toBe(true);
  });

  it('cleans a real ffmpeg WebM (its Tags name the encoder and duration) and keeps its clusters and cues', async () => {
    const original = readFileSync(path.join(import.meta.dirname, 'fixtures', 'clip.webm'));
    expect(original.includes(text('ENCODER'))).toBe(true);
    const { blanked, after } = await stripped('ffmpeg.webm', original);
    expect(blanked).toEqual(['SeekHead/Seek', 'Tags']);
    expect(after.length).toBe(original.length);
    expect(after.includes(text('ENCODER'))).toBe(false);
    expect(after.includes(text('DURATION'))).toBe(false);
    const firstCluster = original.indexOf(idBytes(ID.CLUSTER));
    expect(after.subarray(firstCluster).equals(original.subarray(firstCluster))).toBe(true);
  });

  it('zeroes a large attachment (1.5 MB) whole', async () => {
    const cover = Buffer.alloc(1_500_000, 0x47);
    const original = Buffer.concat([
      ebmlHeader(),
      el(ID.SEGMENT, info, el(ID.ATTACHMENTS, el(0x61a7, el(0x465c, cover))), cluster(1)),
    ]);
    const { after } = await stripped('cover.webm', original);
    expect(after.includes(Buffer.alloc(64, 0x47))).toBe(false);
    expect(after.length).toBe(original.length);
  });

  it('leaves a WebM without tags, attachments, title or date as it was', async () => {
    const plainInfo = el(ID.INFO, el(0x2ad7b1, uint(0x0f, 0x42, 0x40)), el(0x4d80, text('Chrome')));
    const original = Buffer.concat([ebmlHeader(), el(ID.SEGMENT, plainInfo, tracks, cluster(5))]);
    const { blanked, after } = await stripped('plain.webm', original);
    expect(blanked).toEqual([]);
    expect(after.equals(original)).toBe(true);
  });

  it('blanks the CRC-32 of an Info whose title it blanked (it would no longer match)', async () => {
    const checked = el(ID.INFO, el(ID.CRC32, uint(1, 2, 3, 4)), el(0x2ad7b1, uint(1)), el(ID.TITLE, text('Home')));
    const original = Buffer.concat([ebmlHeader('matroska'), el(ID.SEGMENT, checked, cluster(9))]);
    const { blanked, after } = await stripped('crc.webm', original);
    expect(blanked).toEqual(['Info/Title', 'CRC-32']);
    expect(after.includes(text('Home'))).toBe(false);
  });

  describe('refuses what is not well-formed WebM, quickly and without writing', () => {
    const segment = el(ID.SEGMENT, info, cluster(1));
    const overrun = Buffer.concat([ebmlHeader(), segment]);
    overrun[ebmlHeader().length + 4] = 0x7f; // the Segment's size now says more than the file holds
    it.each([
      ['an MP4', Buffer.concat([Buffer.from([0, 0, 0, 16]), text('ftypisom'), Buffer.alloc(4)])],
      ['an EBML header and no Segment', ebmlHeader()],
      ['a document that is not WebM or Matroska', Buffer.concat([ebmlHeader('html'), segment])],
      ['a Segment running past the end of the file', overrun],
      ['a truncated file', Buffer.concat([ebmlHeader(), segment]).subarray(0, 60)],
      ['Tags of unknown size', Buffer.concat([ebmlHeader(), el(ID.SEGMENT, info, openEl(ID.TAGS, el(0x7373)))])],
      [
        'a BlockGroup of unknown size in a Cluster of unknown size',
        Buffer.concat([
          ebmlHeader(),
          openEl(ID.SEGMENT, openEl(ID.CLUSTER, el(0xe7, uint(0)), openEl(0xa0, simpleBlock(1)))),
        ]),
      ],
      ['a size longer than 8 bytes', Buffer.concat([ebmlHeader(), idBytes(ID.SEGMENT), Buffer.alloc(9)])],
      [
        'an ID longer than 4 bytes',
        Buffer.concat([ebmlHeader(), el(ID.SEGMENT, Buffer.from([0x08, 1, 2, 3, 4, 0x80]))]),
      ],
      ['a web page after the Segment', Buffer.concat([ebmlHeader(), segment, text('<html><script>alert(1)</script>')])],
      [
        'an Info of twenty thousand empty children',
        Buffer.concat([
          ebmlHeader(),
          el(ID.SEGMENT, el(ID.INFO, Buffer.alloc(2 * 20_000, 0).fill(uint(ID.VOID, 0x80)))),
        ]),
      ],
      [
        'two million empty elements',
        Buffer.concat([ebmlHeader(), el(ID.SEGMENT, Buffer.alloc(2 * 2_000_001, 0).fill(uint(ID.VOID, 0x80)))]),
      ],
    ])('%s', async (name, original) => {
      const file = path.join(dir, `bad-${name.replaceAll(/\W+/g, '-')}.webm`);
      writeFileSync(file, original);
      const started = performance.now();
      await expect(stripWebmMetadata(file)).rejects.toBeInstanceOf(MalformedVideoError);
      expect(performance.now() - started).toBeLessThan(3000);
      expect(readFileSync(file).equals(original)).toBe(true);
    });
  });
});
