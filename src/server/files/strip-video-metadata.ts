import { open, type FileHandle } from 'node:fs/promises';

/**
 * MP4 and QuickTime (ISO BMFF) files keep what the phone knew about a recording in a few boxes beside the pictures:
 * `moov/udta` (QuickTime's `©xyz` location as "+40.7128-074.0060/", `loci`, `©mak`/`©mod` make and model, `©day`
 * date, Samsung's `smta`), `moov/meta` (Apple's `keys`/`ilst`: `com.apple.quicktime.location.ISO6709`, make, model,
 * software, creation date), the same two inside each `trak`, and top-level `uuid` boxes (XMP, camera makers'
 * blocks). Many users are minors: a video filmed at home must not publish where home is.
 *
 * Action cameras and phones also record timed metadata tracks: GoPro's GPMF (`gpmd`, a GPS fix every second),
 * Google's `camm` (camera motion and GPS), Apple's `mebx` timed metadata (location among other keys). Their samples
 * live in `mdat` between the video and audio samples, so blanking boxes in `moov` would leave every fix readable.
 * Such a track's samples are found through its sample table and overwritten with zeros, then its `trak` is blanked.
 *
 * Without ffmpeg nothing is removed but blanked in place: a box's type becomes `free` (a box every player skips) and
 * its contents zeros. No byte moves, so every offset the file holds (`stco`/`co64` chunk offsets into `mdat`) stays
 * right and the video and audio play as before. `mdat` is never read whole (an upload may be 50 MB): only the byte
 * ranges to zero are touched.
 *
 * Not covered: fragmented MP4 (`moof`), whose samples are described per fragment; one with a timed metadata track is
 * refused as malformed rather than published with its fixes.
 */

/**
 * Children of `moov` and of each `trak` that hold descriptions, never anything a player needs (a `uuid` there is a
 * camera maker's block: Canon keeps EXIF and GPS in one).
 */
const METADATA_IN_MOVIE = new Set(['udta', 'meta', 'uuid']);
/** Top-level boxes of the same kind (a `uuid` box is XMP or a camera maker's block; `mdat` data is never a uuid). */
const METADATA_AT_TOP = new Set(['udta', 'meta', 'uuid']);
/** The movie box is read whole: it is small (kilobytes to a few MB), and the upload is at most 50 MB anyway. */
const MOVIE_BOX = 'moov';
/**
 * Tracks of sensor readings rather than pictures or sound: by the media handler (`mdia/hdlr`: `meta` for GPMF, Apple
 * and ISO timed metadata, `camm` for Google's) or by the sample entry (`stsd`), whichever the writer got right. Text
 * and subtitle tracks too (`text`, `sbtl`, `subt`; `tx3g`, `wvtt`, `stpp`): dashcams and drones write their GPS
 * fixes as subtitles, and a phone's chat video has none worth keeping.
 */
const METADATA_HANDLERS = new Set(['meta', 'camm', 'text', 'sbtl', 'subt']);
const METADATA_SAMPLE_ENTRIES = new Set(['gpmd', 'camm', 'mebx', 'mett', 'metx', 'urim', 'tx3g', 'wvtt', 'stpp']);
/**
 * Chunks of timed metadata one file may describe. A GoPro writes one a second, `camm` a few a second: an hour is
 * far below this. The bound keeps a crafted sample table from costing more than a few megabytes and milliseconds.
 */
export const MAX_METADATA_CHUNKS = 200_000;
/** Zeros are written, and small ranges read and written back, a megabyte at a time. */
const IO_WINDOW = 1024 * 1024;

/** Boxes side by side in one parent (or at the top), at most. */
const MAX_BOXES_PER_LEVEL = 10_000;

export class MalformedVideoError extends Error {}

interface Box {
  type: string;
  /** Where the box starts, its header's length (8, or 16 with a 64-bit size) and its whole length. */
  offset: number;
  headerLength: number;
  size: number;
}

/** A byte range of the file, `start` included, `end` not. */
export interface Range {
  start: number;
  end: number;
}

/** The boxes laid end to end in `length` bytes read through `read`; a box overrunning its parent is malformed. */
async function boxesIn(read: (at: number, length: number) => Promise<Buffer>, start: number, end: number) {
  const boxes: Box[] = [];
  let offset = start;
  while (offset < end) {
    // A real file has tens of boxes at each level: a crafted one of millions of 8-byte boxes is refused, not walked.
    if (boxes.length >= MAX_BOXES_PER_LEVEL) throw new MalformedVideoError('too many boxes');
    if (end - offset < 8) throw new MalformedVideoError('truncated box header');
    const head = await read(offset, Math.min(16, end - offset));
    const size32 = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    let size: number;
    let headerLength = 8;
    if (size32 === 1) {
      if (head.length < 16) throw new MalformedVideoError('truncated 64-bit box size');
      size = Number(head.readBigUInt64BE(8));
      headerLength = 16;
    } else if (size32 === 0) {
      size = end - offset; // "to the end of the file", allowed for the last box
    } else {
      size = size32;
    }
    if (size < headerLength || offset + size > end) throw new MalformedVideoError(`box ${type} overruns its parent`);
    boxes.push({ type, offset, headerLength, size });
    offset += size;
  }
  return boxes;
}

/** Turns a box into padding of the same length: type `free`, contents zeros. */
function blankInBuffer(buffer: Buffer, box: Box) {
  buffer.write('free', box.offset + 4, 'latin1');
  buffer.fill(0, box.offset + box.headerLength, box.offset + box.size);
}

async function blankInFile(handle: FileHandle, box: Box) {
  await handle.write(Buffer.from('free', 'latin1'), 0, 4, box.offset + 4);
  await zeroRanges(handle, [{ start: box.offset + box.headerLength, end: box.offset + box.size }]);
}

/**
 * Overwrites `ranges` of the file with zeros. Overlapping ranges are merged first, so a crafted table naming the
 * same bytes a million times costs one write. Ranges close together (GPMF's one-second samples, a few hundred bytes
 * apart) are zeroed in one read and one write of the span around them, at most a megabyte: the work is bounded by
 * the file's size, whatever the number of ranges.
 */
export async function zeroRanges(handle: FileHandle, ranges: Range[]) {
  const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start);
  const merged: Range[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  const zeros = Buffer.alloc(
    Math.min(
      IO_WINDOW,
      merged.reduce((most, r) => Math.max(most, r.end - r.start), 0),
    ),
  );
  for (let i = 0; i < merged.length;) {
    const first = merged[i]!;
    let j = i + 1;
    while (j < merged.length && merged[j]!.end - first.start <= IO_WINDOW) j += 1;
    if (j === i + 1) {
      for (let at = first.start; at < first.end; at += zeros.length) {
        await handle.write(zeros, 0, Math.min(zeros.length, first.end - at), at);
      }
    } else {
      const spanEnd = merged[j - 1]!.end;
      const span = Buffer.alloc(spanEnd - first.start);
      await handle.read(span, 0, span.length, first.start);
      for (let k = i; k < j; k += 1) span.fill(0, merged[k]!.start - first.start, merged[k]!.end - first.start);
      await handle.write(span, 0, span.length, first.start);
    }
    i = j;
  }
}

/** The contents of a box inside `movie` (after its header), which must hold at least `minimum` bytes. */
const contents = (movie: Buffer, box: Box, minimum: number) => {
  const body = movie.subarray(box.offset + box.headerLength, box.offset + box.size);
  if (body.length < minimum) throw new MalformedVideoError(`box ${box.type} too short`);
  return body;
};

/** Throws unless `body` holds `length` bytes: counts in a sample table are checked before anything is read. */
function need(body: Buffer, length: number, what: string) {
  if (body.length < length) throw new MalformedVideoError(`${what} holds fewer entries than it claims`);
}

/**
 * Sample sizes from `stsz` (one size for all, or one each) or `stz2` (4, 8 or 16 bits each). Both are full boxes:
 * version and flags, then `stsz`'s common size (or `stz2`'s field size in the fourth byte), then the sample count.
 */
function sampleSizes(movie: Buffer, table: Box) {
  const body = contents(movie, table, 12);
  const count = body.readUInt32BE(8);
  if (table.type === 'stsz') {
    const constant = body.readUInt32BE(4);
    if (constant !== 0) return { count, constant, sizeOf: () => constant };
    need(body, 12 + 4 * count, 'stsz');
    return { count, constant: 0, sizeOf: (i: number) => body.readUInt32BE(12 + 4 * i) };
  }
  const bits = body[7]!;
  if (bits !== 4 && bits !== 8 && bits !== 16) throw new MalformedVideoError(`stz2 field size ${bits}`);
  need(body, 12 + Math.ceil((count * bits) / 8), 'stz2');
  const sizeOf = (i: number) => {
    if (bits === 16) return body.readUInt16BE(12 + 2 * i);
    if (bits === 8) return body[12 + i]!;
    const byte = body[12 + (i >> 1)]!;
    return i % 2 === 0 ? byte >> 4 : byte & 0x0f;
  };
  return { count, constant: 0, sizeOf };
}

/** Chunk offsets into the file, from `stco` (32-bit) or `co64` (64-bit), after version, flags and the count. */
function chunkOffsets(movie: Buffer, table: Box) {
  const body = contents(movie, table, 8);
  const count = body.readUInt32BE(4);
  const width = table.type === 'co64' ? 8 : 4;
  need(body, 8 + width * count, table.type);
  const offsetOf = (i: number) =>
    width === 8 ? Number(body.readBigUInt64BE(8 + 8 * i)) : body.readUInt32BE(8 + 4 * i);
  return { count, offsetOf };
}

/**
 * Where a track's samples are in the file: chunk by chunk (`stco`/`co64`), each holding as many samples as `stsc`
 * says, of the sizes `stsz`/`stz2` give, laid one after another. Every range must lie inside an `mdat` box, where
 * samples are; one that does not, or a table that counts samples it does not have, is malformed. The work is one
 * step per chunk and per sample size stored, both bounded by the movie box's length (and chunks by `budget`).
 */
function sampleRanges(movie: Buffer, sampleTable: Box[], mediaData: Box[], budget: { chunks: number }): Range[] {
  const find = (...types: string[]) => sampleTable.find((b) => types.includes(b.type));
  const sizesBox = find('stsz', 'stz2');
  const perChunkBox = find('stsc');
  const offsetsBox = find('stco', 'co64');
  if (!sizesBox || !perChunkBox || !offsetsBox) throw new MalformedVideoError('incomplete sample table');
  const sizes = sampleSizes(movie, sizesBox);
  const chunks = chunkOffsets(movie, offsetsBox);
  budget.chunks -= chunks.count;
  if (budget.chunks < 0) throw new MalformedVideoError('too many metadata chunks');

  // stsc: runs of chunks with the same number of samples (first chunk, samples per chunk, description index).
  const runs = contents(movie, perChunkBox, 8);
  const runCount = runs.readUInt32BE(4);
  need(runs, 8 + 12 * runCount, 'stsc');
  const firstChunk = (run: number) => runs.readUInt32BE(8 + 12 * run);
  const samplesPerChunk = (run: number) => runs.readUInt32BE(12 + 12 * run);
  if (chunks.count > 0 && (runCount === 0 || firstChunk(0) !== 1)) throw new MalformedVideoError('stsc start');
  for (let run = 1; run < runCount; run += 1) {
    if (firstChunk(run) <= firstChunk(run - 1)) throw new MalformedVideoError('stsc out of order');
  }

  const ranges: Range[] = [];
  let run = 0;
  let sample = 0;
  for (let chunk = 1; chunk <= chunks.count; chunk += 1) {
    while (run + 1 < runCount && firstChunk(run + 1) <= chunk) run += 1;
    const count = samplesPerChunk(run);
    if (count > sizes.count - sample) throw new MalformedVideoError('chunks hold more samples than the table');
    let length = count * sizes.constant;
    if (sizes.constant === 0) for (let i = sample; i < sample + count; i += 1) length += sizes.sizeOf(i);
    sample += count;
    if (length === 0) continue;
    const start = chunks.offsetOf(chunk - 1);
    if (!insideMediaData(mediaData, start, start + length)) throw new MalformedVideoError('samples outside mdat');
    ranges.push({ start, end: start + length });
  }
  return ranges;
}

/** Whether [start, end) lies within one `mdat` box's contents (boxes in file order, found by binary search). */
function insideMediaData(mediaData: Box[], start: number, end: number) {
  let low = 0;
  let high = mediaData.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const box = mediaData[middle]!;
    if (start < box.offset + box.headerLength) high = middle - 1;
    else if (start >= box.offset + box.size) low = middle + 1;
    else return end <= box.offset + box.size;
  }
  return false;
}

/** What kind of timed metadata a track carries (its sample entry or handler type), or null for any other track. */
async function timedMetadataKind(movie: Buffer, trak: Box, inMovie: (at: number, length: number) => Promise<Buffer>) {
  const children = (box: Box) => boxesIn(inMovie, box.offset + box.headerLength, box.offset + box.size);
  const media = (await children(trak)).find((b) => b.type === 'mdia');
  if (!media) return null;
  const mediaParts = await children(media);
  const handlerBox = mediaParts.find((b) => b.type === 'hdlr');
  // hdlr: version and flags, then QuickTime's component type (zero in MP4), then the handler type.
  const handlerBody = handlerBox ? contents(movie, handlerBox, 0) : Buffer.alloc(0);
  const handler = handlerBody.length >= 12 ? handlerBody.toString('latin1', 8, 12) : '';
  const mediaInfo = mediaParts.find((b) => b.type === 'minf');
  const sampleTableBox = mediaInfo && (await children(mediaInfo)).find((b) => b.type === 'stbl');
  const sampleTable = sampleTableBox ? await children(sampleTableBox) : [];
  const descriptions = sampleTable.find((b) => b.type === 'stsd');
  // Sample entries are boxes after version, flags and a count. Read leniently (their types only, stopping at the
  // first that does not fit): a picture track's descriptions are its own business, not a reason to refuse it.
  const entries: string[] = [];
  if (descriptions) {
    const body = contents(movie, descriptions, 0);
    for (let at = 8; at + 8 <= body.length && entries.length < 16;) {
      entries.push(body.toString('latin1', at + 4, at + 8));
      const size = body.readUInt32BE(at);
      if (size < 8) break;
      at += size;
    }
  }
  const entry = entries.find((type) => METADATA_SAMPLE_ENTRIES.has(type));
  if (!entry && !METADATA_HANDLERS.has(handler)) return null;
  return { kind: entry ?? handler, sampleTable };
}

/**
 * Blanks the location and other descriptive metadata of the MP4 or QuickTime file at `path`, in place, and zeroes
 * the samples of its timed metadata tracks. Returns what was blanked (`moov/udta`, `moov/trak/meta`, `uuid`,
 * `moov/trak:gpmd`...). Throws MalformedVideoError when the file is not a sequence of well-formed boxes with a movie
 * box, or a metadata track's sample table does not describe bytes of the file: such a file cannot be cleaned, and
 * would not play. Everything is checked before the first byte is written.
 */
export async function stripVideoMetadata(path: string): Promise<string[]> {
  const handle = await open(path, 'r+');
  try {
    const { size: fileSize } = await handle.stat();
    const readFile = async (at: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, at);
      return buffer.subarray(0, bytesRead);
    };
    const topLevel = await boxesIn(readFile, 0, fileSize);
    const mediaData = topLevel.filter((b) => b.type === 'mdat');
    const fragmented = topLevel.some((b) => b.type === 'moof');
    const blanked: string[] = [];
    const blankAtTop: Box[] = [];
    const samplesToZero: Range[] = [];
    const movies: { box: Box; movie: Buffer }[] = [];
    const budget = { chunks: MAX_METADATA_CHUNKS };
    for (const box of topLevel) {
      if (METADATA_AT_TOP.has(box.type)) {
        blankAtTop.push(box);
        blanked.push(box.type);
      } else if (box.type === MOVIE_BOX) {
        const movie = await readFile(box.offset, box.size);
        if (movie.length !== box.size) throw new MalformedVideoError('truncated movie box');
        const inMovie = async (at: number, length: number) => movie.subarray(at, at + length);
        let changed = false;
        for (const child of await boxesIn(inMovie, box.headerLength, box.size)) {
          if (METADATA_IN_MOVIE.has(child.type)) {
            blankInBuffer(movie, child);
            blanked.push(`moov/${child.type}`);
            changed = true;
          } else if (child.type === 'trak') {
            const timed = await timedMetadataKind(movie, child, inMovie);
            if (timed) {
              if (fragmented) throw new MalformedVideoError('timed metadata in a fragmented file');
              samplesToZero.push(...sampleRanges(movie, timed.sampleTable, mediaData, budget));
              blankInBuffer(movie, child);
              blanked.push(`moov/trak:${timed.kind}`);
              changed = true;
              continue;
            }
            const end = child.offset + child.size;
            for (const part of await boxesIn(inMovie, child.offset + child.headerLength, end)) {
              if (!METADATA_IN_MOVIE.has(part.type)) continue;
              blankInBuffer(movie, part);
              blanked.push(`moov/trak/${part.type}`);
              changed = true;
            }
          }
        }
        if (changed) movies.push({ box, movie });
      }
    }
    if (!topLevel.some((b) => b.type === MOVIE_BOX)) throw new MalformedVideoError('no movie box');
    await zeroRanges(handle, samplesToZero);
    for (const box of blankAtTop) await blankInFile(handle, box);
    for (const { box, movie } of movies) await handle.write(movie, 0, movie.length, box.offset);
    return blanked;
  } finally {
    await handle.close();
  }
}
