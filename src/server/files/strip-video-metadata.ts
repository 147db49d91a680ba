import { open, type FileHandle } from 'node:fs/promises';

/**
 * MP4 and QuickTime (ISO BMFF) files keep what the phone knew about a recording in a few boxes beside the pictures:
 * `moov/udta` (QuickTime's `©xyz` location as "+40.7128-074.0060/", `loci`, `©mak`/`©mod` make and model, `©day`
 * date, Samsung's `smta`), `moov/meta` (Apple's `keys`/`ilst`: `com.apple.quicktime.location.ISO6709`, make, model,
 * software, creation date), the same two inside each `trak`, and top-level `uuid` boxes (XMP, camera makers'
 * blocks). Many users are minors: a video filmed at home must not publish where home is.
 *
 * Without ffmpeg the boxes are not removed but blanked in place: the type becomes `free` (a box every player skips)
 * and the contents become zeros. No byte moves, so every offset the file holds (`stco`/`co64` chunk offsets into
 * `mdat`) stays right and the video plays as before.
 *
 * Not covered: timed metadata tracks (GoPro's GPMF, Google's `camm`) whose samples live in `mdat`.
 */

/** Children of `moov` and of each `trak` that hold descriptions, never anything a player needs. */
const METADATA_IN_MOVIE = new Set(['udta', 'meta']);
/** Top-level boxes of the same kind (a `uuid` box is XMP or a camera maker's block; `mdat` data is never a uuid). */
const METADATA_AT_TOP = new Set(['udta', 'meta', 'uuid']);
/** The movie box is read whole: it is small (kilobytes to a few MB), and the upload is at most 50 MB anyway. */
const MOVIE_BOX = 'moov';

export class MalformedVideoError extends Error {}

interface Box {
  type: string;
  /** Where the box starts, its header's length (8, or 16 with a 64-bit size) and its whole length. */
  offset: number;
  headerLength: number;
  size: number;
}

/** The boxes laid end to end in `length` bytes read through `read`; a box overrunning its parent is malformed. */
async function boxesIn(read: (at: number, length: number) => Promise<Buffer>, start: number, end: number) {
  const boxes: Box[] = [];
  let offset = start;
  while (offset < end) {
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
  const zeros = Buffer.alloc(Math.min(1024 * 1024, box.size - box.headerLength));
  for (let at = box.offset + box.headerLength; at < box.offset + box.size; at += zeros.length) {
    await handle.write(zeros, 0, Math.min(zeros.length, box.offset + box.size - at), at);
  }
}

/**
 * Blanks the location and other descriptive metadata of the MP4 or QuickTime file at `path`, in place. Returns the
 * paths of the boxes blanked (`moov/udta`, `moov/trak/meta`, `uuid`...). Throws MalformedVideoError when the file is
 * not a sequence of well-formed boxes with a movie box: such a file cannot be cleaned, and would not play.
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
    const blanked: string[] = [];
    let sawMovie = false;
    for (const box of await boxesIn(readFile, 0, fileSize)) {
      if (METADATA_AT_TOP.has(box.type)) {
        await blankInFile(handle, box);
        blanked.push(box.type);
      } else if (box.type === MOVIE_BOX) {
        sawMovie = true;
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
            const end = child.offset + child.size;
            for (const part of await boxesIn(inMovie, child.offset + child.headerLength, end)) {
              if (!METADATA_IN_MOVIE.has(part.type)) continue;
              blankInBuffer(movie, part);
              blanked.push(`moov/trak/${part.type}`);
              changed = true;
            }
          }
        }
        if (changed) await handle.write(movie, 0, movie.length, box.offset);
      }
    }
    if (!sawMovie) throw new MalformedVideoError('no movie box');
    return blanked;
  } finally {
    await handle.close();
  }
}
