import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_METADATA_CHUNKS, MalformedVideoError, stripVideoMetadata } from './strip-video-metadata';

const dir = mkdtempSync(path.join(os.tmpdir(), 'strip-video-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An ISO BMFF box: a 32-bit size, a type, then the contents (other boxes or raw bytes). */
function box(type: string, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** The same with the 64-bit size a camera writes for a large mdat. */
function largeBox(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(16);
  head.writeUInt32BE(1);
  head.write(type, 4, 'latin1');
  head.writeBigUInt64BE(BigInt(16 + body.length), 8);
  return Buffer.concat([head, body]);
}

const LOCATION = '+40.7128-074.0060+010.000/';
const text = (value: string) => Buffer.from(value, 'latin1');

async function stripped(name: string, bytes: Buffer) {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  const blanked = await stripVideoMetadata(file);
  return { blanked, after: readFileSync(file) };
}

/** The top-level boxes' types, read again from the cleaned file: it is still a well-formed sequence. */
function topLevelTypes(bytes: Buffer): string[] {
  const types: string[] = [];
  for (let at = 0; at < bytes.length;) {
    let size = bytes.readUInt32BE(at);
    if (size === 1) size = Number(bytes.readBigUInt64BE(at + 8));
    if (size === 0) size = bytes.length - at;
    types.push(bytes.toString('latin1', at + 4, at + 8));
    at += size;
  }
  return types;
}

/** A full box: version and flags (zeros), then the contents. */
const fullBox = (type: string, ...contents: Buffer[]) => box(type, Buffer.alloc(4), ...contents);
/** Big-endian 32-bit words (from an array: a table of 200,000 entries is too many arguments for a call). */
const u32 = (...values: number[]) => words(values);
function words(values: number[]): Buffer {
  const bytes = Buffer.alloc(4 * values.length);
  values.forEach((value, i) => bytes.writeUInt32BE(value, 4 * i));
  return bytes;
}
function u64(values: number[]): Buffer {
  const bytes = Buffer.alloc(8 * values.length);
  values.forEach((value, i) => bytes.writeBigUInt64BE(BigInt(value), 8 * i));
  return bytes;
}

interface SampleTable {
  /** `stsz` with one size each, `stsz` with one size for all, or `stz2` with 8-bit sizes. */
  sizes: { each: number[] } | { all: number; count: number } | { stz2: number[] };
  /** `stsc` runs: [first chunk, samples per chunk]. */
  runs: [number, number][];
  offsets: number[];
  co64?: boolean;
}

function sampleTable(table: SampleTable): Buffer {
  const { sizes } = table;
  const sizesBox =
    'each' in sizes
      ? fullBox('stsz', u32(0, sizes.each.length, ...sizes.each))
      : 'all' in sizes
        ? fullBox('stsz', u32(sizes.all, sizes.count))
        : fullBox('stz2', Buffer.from([0, 0, 0, 8]), u32(sizes.stz2.length), Buffer.from(sizes.stz2));
  return Buffer.concat([
    fullBox('stts', u32(0)),
    fullBox('stsc', u32(table.runs.length, ...table.runs.flatMap(([first, count]) => [first, count, 1]))),
    sizesBox,
    table.co64
      ? fullBox('co64', u32(table.offsets.length), u64(table.offsets))
      : fullBox('stco', words([table.offsets.length, ...table.offsets])),
  ]);
}

/** A track as a muxer writes it: header, then media (handler, then the sample description and table). */
function track(handler: string, entry: string, table: SampleTable): Buffer {
  return box(
    'trak',
    box('tkhd', Buffer.alloc(84, 2)),
    box(
      'mdia',
      box('mdhd', Buffer.alloc(24, 3)),
      fullBox('hdlr', u32(0), text(handler), Buffer.alloc(12), text(`${handler} handler\0`)),
      box('minf', box('stbl', fullBox('stsd', u32(1), box(entry, Buffer.alloc(16, 4))), sampleTable(table))),
    ),
  );
}

const FTYP = box('ftyp', text('isom'), Buffer.alloc(4));
/** Where the first sample starts when the file is ftyp, then mdat (whose header is 8 bytes). */
const FIRST_SAMPLE = FTYP.length + 8;

/** Two video frames (100 bytes each), each followed by a chunk of the metadata track's samples. */
function cameraFile(metadata: {
  handler: string;
  entry: string;
  chunks: Buffer[];
  table: (offsets: number[]) => SampleTable;
}) {
  const frames = [Buffer.alloc(100, 0x11), Buffer.alloc(100, 0x22)];
  const media: Buffer[] = [];
  const videoOffsets: number[] = [];
  const metadataOffsets: number[] = [];
  let at = FIRST_SAMPLE;
  frames.forEach((frame, i) => {
    videoOffsets.push(at);
    media.push(frame);
    at += frame.length;
    metadataOffsets.push(at);
    media.push(metadata.chunks[i]!);
    at += metadata.chunks[i]!.length;
  });
  const video = track('vide', 'avc1', { sizes: { each: [100, 100] }, runs: [[1, 1]], offsets: videoOffsets });
  const bytes = Buffer.concat([
    FTYP,
    box('mdat', ...media),
    box(
      'moov',
      box('mvhd', Buffer.alloc(100, 1)),
      video,
      track(metadata.handler, metadata.entry, metadata.table(metadataOffsets)),
    ),
  ]);
  return { bytes, video, frames, videoOffsets };
}

/** `bytes` with the count of the last `type` box (at `at` into its contents, after version and flags) set to `count`. */
function patchCount(bytes: Buffer, type: string, at: number, count: number): Buffer {
  const patched = Buffer.from(bytes);
  patched.writeUInt32BE(count, patched.lastIndexOf(text(type)) + 4 + at);
  return patched;
}

/** A GoPro GPMF sample: a DEVC stream holding GPS5 readings (latitude, longitude... scaled by 1e7). */
function gpmfSample(latitude: number, longitude: number): Buffer {
  const reading = Buffer.alloc(8);
  reading.writeInt32BE(Math.round(latitude * 1e7), 0);
  reading.writeInt32BE(Math.round(longitude * 1e7), 4);
  return Buffer.concat([text('DEVC'), u32(0x00010000 + 24), text('GPS5l'), Buffer.from([4, 0, 2]), reading]);
}
const HOME = { latitude: 48.8566123, longitude: 2.3522456 };
const homeReading = gpmfSample(HOME.latitude, HOME.longitude).subarray(-8);
const SAMPLE = gpmfSample(0, 0).length;

/** A Google camm packet of type 5 (position: latitude, longitude, altitude as doubles). */
function cammPosition(latitude: number, longitude: number): Buffer {
  const packet = Buffer.alloc(28);
  packet.writeUInt16LE(5, 2);
  packet.writeDoubleLE(latitude, 4);
  packet.writeDoubleLE(longitude, 12);
  packet.writeDoubleLE(35, 20);
  return packet;
}

describe('stripVideoMetadata', () => {
  it('refuses a file of a million tiny boxes quickly, without walking them all', async () => {
    const file = path.join(dir, 'tiny-boxes.mp4');
    const free = box('free');
    writeFileSync(file, Buffer.concat([FTYP, Buffer.alloc(free.length * 1_000_000).fill(free), box('moov')]));
    const started = performance.now();
    await expect(stripVideoMetadata(file)).rejects.toBeInstanceOf(MalformedVideoError);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('blanks the location of an MP4 written by a real muxer (ffmpeg: the 3GPP loci box, a title, a track title) and keeps every other byte', async () => {
    const original = readFileSync(path.join(import.meta.dirname, 'fixtures', 'location.mp4'));
    // ffmpeg's mp4 muxer writes the location as a 3GPP `loci` box (binary latitude and longitude, then "earth").
    expect(original.includes(text('loci'))).toBe(true);
    const { blanked, after } = await stripped('phone.mp4', original);
    expect(blanked.sort()).toEqual(['moov/trak/udta', 'moov/udta']);
    expect(after.length).toBe(original.length);
    expect(after.includes(text('loci'))).toBe(false);
    expect(after.includes(text('earth'))).toBe(false);
    expect(after.includes(text('Home video'))).toBe(false);
    expect(after.includes(text('Track at home'))).toBe(false);
    // Nothing moved: the media data and the chunk offsets pointing into it are byte for byte the same.
    const movie = original.indexOf(text('moov')) - 4;
    expect(original.indexOf(text('mdat'))).toBeLessThan(movie);
    expect(after.subarray(0, movie).equals(original.subarray(0, movie))).toBe(true);
    const offsets = original.indexOf(text('stco')) - 4;
    const chunkOffsets = original.subarray(offsets, offsets + original.readUInt32BE(offsets));
    expect(after.subarray(offsets, offsets + chunkOffsets.length).equals(chunkOffsets)).toBe(true);
    expect(topLevelTypes(after)).toEqual(topLevelTypes(original));
  });

  it('blanks a QuickTime movie’s metadata (ffmpeg writes Apple’s location key inside udta)', async () => {
    const original = readFileSync(path.join(import.meta.dirname, 'fixtures', 'location.mov'));
    expect(original.includes(text('com.apple.quicktime.location.ISO6709'))).toBe(true);
    const { blanked, after } = await stripped('phone.mov', original);
    expect(blanked).toEqual(['moov/udta']);
    expect(after.includes(text('+40.7128'))).toBe(false);
    expect(after.includes(text('com.apple.quicktime'))).toBe(false);
    expect(after.length).toBe(original.length);
  });

  it('blanks an iPhone-style moov/meta (keys and ilst), a track’s meta and a top-level XMP uuid box', async () => {
    const keys = box('keys', Buffer.alloc(8), box('mdta', text('com.apple.quicktime.location.ISO6709')));
    const ilst = box('ilst', box('\0\0\0\u0001', box('data', Buffer.alloc(8), text(LOCATION))));
    const original = Buffer.concat([
      box('ftyp', text('qt  '), Buffer.alloc(4), text('qt  ')),
      box('uuid', Buffer.alloc(16, 0xbe), text(`<x:xmpmeta>${LOCATION}</x:xmpmeta>`)),
      box(
        'moov',
        box('mvhd', Buffer.alloc(100, 1)),
        box('trak', box('tkhd', Buffer.alloc(84, 2)), box('meta', text('camera lens'))),
        box('meta', box('hdlr', Buffer.alloc(24)), keys, ilst),
      ),
      box('mdat', Buffer.alloc(64, 7)),
    ]);
    const { blanked, after } = await stripped('iphone.mov', original);
    expect(blanked).toEqual(['uuid', 'moov/trak/meta', 'moov/meta']);
    expect(after.includes(text(LOCATION))).toBe(false);
    expect(after.includes(text('camera lens'))).toBe(false);
    expect(topLevelTypes(after)).toEqual(['ftyp', 'free', 'moov', 'mdat']);
    // What playback needs is untouched.
    expect(after.includes(Buffer.concat([text('mvhd'), Buffer.alloc(100, 1)]))).toBe(true);
    expect(after.includes(Buffer.concat([text('tkhd'), Buffer.alloc(84, 2)]))).toBe(true);
    expect(after.subarray(after.length - 64).equals(Buffer.alloc(64, 7))).toBe(true);
  });

  it('reads 64-bit box sizes and a last box that runs to the end of the file', async () => {
    const endless = box('mdat', Buffer.alloc(32, 9));
    endless.writeUInt32BE(0, 0);
    const original = Buffer.concat([
      box('ftyp', text('isom'), Buffer.alloc(4)),
      largeBox('free', Buffer.alloc(40)),
      box('moov', box('mvhd', Buffer.alloc(100)), box('udta', box('\u00a9xyz', text(LOCATION)))),
      endless,
    ]);
    const { blanked, after } = await stripped('large.mp4', original);
    expect(blanked).toEqual(['moov/udta']);
    expect(after.includes(text(LOCATION))).toBe(false);
  });

  it('zeroes a GoPro GPMF track’s GPS samples in mdat and blanks its trak; the video and its frames are untouched', async () => {
    // Chunk 1 holds two samples, chunk 2 one: sizes one each, 32-bit chunk offsets.
    const samples = [
      gpmfSample(HOME.latitude, HOME.longitude),
      gpmfSample(48.8567, 2.3523),
      gpmfSample(48.8568, 2.3524),
    ];
    const {
      bytes: original,
      video,
      frames,
      videoOffsets,
    } = cameraFile({
      handler: 'meta',
      entry: 'gpmd',
      chunks: [Buffer.concat(samples.slice(0, 2)), samples[2]!],
      table: (offsets) => ({
        sizes: { each: samples.map((s) => s.length) },
        runs: [
          [1, 2],
          [2, 1],
        ],
        offsets,
      }),
    });
    expect(original.includes(text('GPS5'))).toBe(true);
    const { blanked, after } = await stripped('gopro.mp4', original);
    expect(blanked).toEqual(['moov/trak:gpmd']);
    expect(after.length).toBe(original.length);
    expect(after.includes(text('GPS5'))).toBe(false);
    expect(after.includes(text('DEVC'))).toBe(false);
    expect(after.includes(homeReading)).toBe(false);
    expect(after.includes(text('gpmd'))).toBe(false);
    // The video track (its table included) and its frames are byte for byte where they were.
    expect(after.indexOf(video)).toBe(original.indexOf(video));
    videoOffsets.forEach((offset, i) => {
      expect(after.subarray(offset, offset + 100).equals(frames[i]!)).toBe(true);
    });
    expect(topLevelTypes(after)).toEqual(['ftyp', 'mdat', 'moov']);
    // Where the samples were there are only zeros now.
    const samplesAt = [videoOffsets[0]! + 100, videoOffsets[1]! + 100];
    expect(after.subarray(samplesAt[0], videoOffsets[1]).equals(Buffer.alloc(2 * SAMPLE))).toBe(true);
    expect(after.subarray(samplesAt[1], samplesAt[1]! + SAMPLE).equals(Buffer.alloc(SAMPLE))).toBe(true);
  });

  it('zeroes a Google camm track (one size for all samples, 64-bit chunk offsets)', async () => {
    const positions = [cammPosition(HOME.latitude, HOME.longitude), cammPosition(48.857, 2.353)];
    const {
      bytes: original,
      video,
      frames,
      videoOffsets,
    } = cameraFile({
      handler: 'camm',
      entry: 'camm',
      chunks: positions,
      table: (offsets) => ({ sizes: { all: 28, count: 2 }, runs: [[1, 1]], offsets, co64: true }),
    });
    const home = Buffer.alloc(8);
    home.writeDoubleLE(HOME.latitude);
    expect(original.includes(home)).toBe(true);
    const { blanked, after } = await stripped('street-view.mp4', original);
    expect(blanked).toEqual(['moov/trak:camm']);
    expect(after.length).toBe(original.length);
    expect(after.includes(home)).toBe(false);
    expect(after.includes(text('camm'))).toBe(false);
    expect(after.indexOf(video)).toBe(original.indexOf(video));
    videoOffsets.forEach((offset, i) => expect(after.subarray(offset, offset + 100).equals(frames[i]!)).toBe(true));
  });

  it("zeroes a dashcam's GPS written as subtitles (a tx3g text track), and a maker's uuid block in the movie", async () => {
    const fixes = [text('N48.8566 E2.3522 42km/h'), text('N48.8567 E2.3523 40km/h')];
    const { bytes, video, frames, videoOffsets } = cameraFile({
      handler: 'sbtl',
      entry: 'tx3g',
      chunks: fixes,
      table: (offsets) => ({ sizes: { each: fixes.map((f) => f.length) }, runs: [[1, 1]], offsets }),
    });
    // A camera maker's block inside the movie box (Canon keeps EXIF and GPS in one).
    const moov = bytes.indexOf(text('moov')) - 4;
    const maker = box('uuid', Buffer.alloc(16, 0x85), text('GPS 48.8566N'));
    const original = Buffer.concat([bytes.subarray(0, moov), box('moov', bytes.subarray(moov + 8), maker)]);
    const { blanked, after } = await stripped('dashcam.mp4', original);
    expect(blanked.sort()).toEqual(['moov/trak:tx3g', 'moov/uuid']);
    expect(after.length).toBe(original.length);
    for (const fix of fixes) expect(after.includes(fix)).toBe(false);
    expect(after.includes(text('GPS 48.8566N'))).toBe(false);
    expect(after.indexOf(video)).toBe(original.indexOf(video));
    videoOffsets.forEach((offset, i) => expect(after.subarray(offset, offset + 100).equals(frames[i]!)).toBe(true));
  });

  it('zeroes an Apple timed metadata track (mebx under a meta handler, 8-bit sample sizes in stz2)', async () => {
    const where = [text('+48.8566+002.3522/'), text('+48.8567+002.3523/')];
    const { bytes: original, video } = cameraFile({
      handler: 'meta',
      entry: 'mebx',
      chunks: where,
      table: (offsets) => ({ sizes: { stz2: where.map((w) => w.length) }, runs: [[1, 1]], offsets }),
    });
    const { blanked, after } = await stripped('iphone-timed.mov', original);
    expect(blanked).toEqual(['moov/trak:mebx']);
    expect(after.includes(text('+48.85'))).toBe(false);
    expect(after.indexOf(video)).toBe(original.indexOf(video));
  });

  it('a table naming the same samples a hundred thousand times is zeroed once, quickly', async () => {
    const offsets = (first: number[]) => Array.from({ length: 100_000 }, (_, i) => first[i % 2]!);
    const { bytes: original } = cameraFile({
      handler: 'meta',
      entry: 'gpmd',
      chunks: [gpmfSample(1, 2), gpmfSample(3, 4)],
      table: (first) => ({ sizes: { all: SAMPLE, count: 100_000 }, runs: [[1, 1]], offsets: offsets(first) }),
    });
    const started = performance.now();
    const { after } = await stripped('repeated.mp4', original);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(after.includes(text('GPS5'))).toBe(false);
  });

  describe('refuses a metadata track whose sample table does not describe the file, quickly and without writing', () => {
    const metadataFile = (table: (offsets: number[]) => SampleTable) =>
      cameraFile({ handler: 'meta', entry: 'gpmd', chunks: [gpmfSample(1, 2), gpmfSample(3, 4)], table }).bytes;
    const MAX = 0xffffffff;
    it.each([
      [
        'a chunk offset past the end of the file',
        (o: number[]) => ({ sizes: { all: SAMPLE, count: 2 }, runs: [[1, 1]], offsets: [o[0]!, 1_000_000] }),
      ],
      [
        'a 64-bit chunk offset past 2^53',
        (o: number[]) => ({ sizes: { all: SAMPLE, count: 2 }, runs: [[1, 1]], offsets: [o[0]!, 2 ** 60], co64: true }),
      ],
      [
        'samples reaching past the end of mdat',
        (o: number[]) => ({ sizes: { each: [SAMPLE, 2000] }, runs: [[1, 1]], offsets: o }),
      ],
      [
        'samples pointing into the movie box',
        (o: number[]) => ({ sizes: { all: SAMPLE, count: 2 }, runs: [[1, 1]], offsets: [o[0]!, 400] }),
      ],
      [
        '2^32 - 1 samples of one size in a chunk',
        (o: number[]) => ({ sizes: { all: 1, count: MAX }, runs: [[1, MAX]], offsets: o }),
      ],
      [
        '2^32 - 1 sample sizes it does not hold',
        (o: number[]) => ({ sizes: { each: [SAMPLE, SAMPLE] }, runs: [[1, 1]], offsets: o, sizesCount: MAX }),
      ],
      [
        '2^32 - 1 chunk offsets it does not hold',
        (o: number[]) => ({ sizes: { all: SAMPLE, count: 2 }, runs: [[1, 1]], offsets: o, offsetsCount: MAX }),
      ],
      [
        'chunks holding more samples than the table has',
        (o: number[]) => ({ sizes: { each: [SAMPLE, SAMPLE] }, runs: [[1, 3]], offsets: o }),
      ],
      [
        'runs of chunks out of order',
        (o: number[]) => ({
          sizes: { each: [SAMPLE, SAMPLE] },
          runs: [
            [1, 1],
            [1, 1],
          ],
          offsets: o,
        }),
      ],
      [
        `more than ${MAX_METADATA_CHUNKS.toLocaleString('en')} chunks`,
        () => ({
          sizes: { all: SAMPLE, count: MAX_METADATA_CHUNKS + 1 },
          runs: [[1, 1]],
          offsets: Array<number>(MAX_METADATA_CHUNKS + 1).fill(FIRST_SAMPLE + 100),
        }),
      ],
    ] as [string, (offsets: number[]) => SampleTable & { sizesCount?: number; offsetsCount?: number }][])(
      '%s',
      async (name, table) => {
        let original: Buffer = metadataFile(table);
        // Counts that claim more entries than the box holds are patched in after the box is built.
        const { sizesCount, offsetsCount } = table([0, 0]);
        if (sizesCount) original = patchCount(original, 'stsz', 8, sizesCount);
        if (offsetsCount) original = patchCount(original, 'stco', 4, offsetsCount);
        const file = path.join(dir, `bad-table-${name.replaceAll(/\W+/g, '-')}.mp4`);
        writeFileSync(file, original);
        const started = performance.now();
        await expect(stripVideoMetadata(file)).rejects.toBeInstanceOf(MalformedVideoError);
        expect(performance.now() - started).toBeLessThan(1000);
        expect(readFileSync(file).equals(original)).toBe(true);
      },
    );

    it('a fragmented file (moof) with a metadata track, whose samples cannot be found in moov', async () => {
      const bytes = Buffer.concat([
        metadataFile((o) => ({ sizes: { all: SAMPLE, count: 2 }, runs: [[1, 1]], offsets: o })),
        box('moof', box('mfhd', Buffer.alloc(8))),
        box('mdat', gpmfSample(5, 6)),
      ]);
      await expect(stripped('fragmented.mp4', bytes)).rejects.toBeInstanceOf(MalformedVideoError);
    });
  });

  it('leaves a file without metadata as it was', async () => {
    const original = Buffer.concat([
      box('ftyp', text('isom'), Buffer.alloc(4)),
      box('moov', box('mvhd', Buffer.alloc(100))),
      box('mdat', Buffer.alloc(10)),
    ]);
    const { blanked, after } = await stripped('clean.mp4', original);
    expect(blanked).toEqual([]);
    expect(after.equals(original)).toBe(true);
  });

  it.each([
    [
      'a box that overruns the file',
      Buffer.concat([box('ftyp', text('isom')), Buffer.from([0, 0, 1, 0]), text('moov')]),
    ],
    ['no movie box', Buffer.concat([box('ftyp', text('isom')), box('mdat', Buffer.alloc(10))])],
    ['text after an ftyp header', Buffer.concat([box('ftyp', text('isom')), text('<html><script>alert(1)</script>')])],
    [
      'a box shorter than its header',
      Buffer.concat([box('ftyp', text('isom')), Buffer.from([0, 0, 0, 4, 0, 0, 0, 0])]),
    ],
  ])('refuses %s (it cannot be cleaned, and would not play)', async (name, bytes) => {
    await expect(stripped(`bad-${name.replaceAll(' ', '-')}.mp4`, bytes)).rejects.toBeInstanceOf(MalformedVideoError);
  });
});
