import { open, type FileHandle } from 'node:fs/promises';
import { MalformedVideoError, zeroRanges } from './strip-video-metadata';

/**
 * WebM (Matroska) files describe a recording in EBML elements beside the frames: `Tags` (titles, dates, the
 * recorder's name, and in some recorders a `LOCATION` tag such as "+48.85+002.35/"), `Attachments` (cover pictures
 * with their own EXIF, GPS included), and the segment `Info`'s `Title` and `DateUTC`. Many users are minors: a video
 * filmed at home must not publish where home is, nor when.
 *
 * As for MP4 (strip-video-metadata.ts), without ffmpeg nothing is removed but blanked in place: each such element
 * becomes an EBML `Void` (every reader skips it) of exactly the same length, its contents zeros. No byte moves, so
 * the `SeekHead` and `Cues` positions stay right and the video plays as before. The `SeekHead` entries that pointed
 * at a blanked element become `Void` too, so no reader is sent to look for it. An element holding a `CRC-32` whose
 * children changed loses the CRC as well (it would no longer match).
 *
 * The file is walked, never read whole (an upload may be 50 MB): element headers are read through a small window,
 * clusters are skipped by their size. A cluster of unknown size (what a browser's MediaRecorder writes, as live
 * streams do) is walked child by child to its end; any other element of unknown size cannot be skipped and is
 * refused, as is anything that is not well-formed EBML with an EBML header and a Segment.
 */

const ID = {
  EBML: 0x1a45dfa3,
  DOC_TYPE: 0x4282,
  SEGMENT: 0x18538067,
  SEEK_HEAD: 0x114d9b74,
  SEEK: 0x4dbb,
  SEEK_ID: 0x53ab,
  INFO: 0x1549a966,
  TITLE: 0x7ba9,
  DATE_UTC: 0x4461,
  CLUSTER: 0x1f43b675,
  TAGS: 0x1254c367,
  ATTACHMENTS: 0x1941a469,
  VOID: 0xec,
  CRC32: 0xbf,
} as const;

/** Top-level elements of the Segment blanked whole. */
const BLANKED_IN_SEGMENT = new Map<number, string>([
  [ID.TAGS, 'Tags'],
  [ID.ATTACHMENTS, 'Attachments'],
]);
/** Children of the Segment's Info that describe rather than play. */
const BLANKED_IN_INFO = new Map<number, string>([
  [ID.TITLE, 'Info/Title'],
  [ID.DATE_UTC, 'Info/DateUTC'],
]);
/**
 * What a Cluster may hold (Matroska's spec): timestamp, silent tracks, position, previous size, simple blocks, block
 * groups, encrypted blocks, and the global Void and CRC-32. In a cluster of unknown size, the first element that is
 * none of these is the next element of the Segment: that is where the cluster ends.
 */
const IN_CLUSTER = new Set([0xe7, 0x5854, 0xa7, 0xab, 0xa3, 0xa0, 0xaf, ID.VOID, ID.CRC32]);
/** Document types of the EBML header we clean (the upload's sniffing only lets `webm` through). */
const DOC_TYPES = new Set(['webm', 'matroska']);

/**
 * Elements one file may have. A real 50 MB WebM has tens of thousands (frames of a few kilobytes, audio packets of a
 * few hundred bytes); a crafted one of two-byte elements would have 25 million, and is refused long before.
 */
const MAX_ELEMENTS = 2_000_000;
/** Children listed for one master element, at most. */
const MAX_CHILDREN = 10_000;
/** Elements blanked in one file: a recorder writes one Tags, maybe one Attachments, a few Info and seek entries. */
const MAX_BLANKED = 1_000;
/** Element headers are read through a window this large: one read per window, not per element. */
const READ_WINDOW = 64 * 1024;

interface Element {
  id: number;
  /** Where the element starts (its ID), where its data starts, and where it ends (null when its size is unknown). */
  start: number;
  dataStart: number;
  end: number | null;
}

/** An element whose end is known: every element but a Segment or Cluster of unknown size. */
type KnownElement = Element & { end: number };

const hex = (id: number) => `0x${id.toString(16).toUpperCase()}`;

/** Reads the file through a window, so that walking thousands of small elements costs a few reads. */
class Reader {
  private window = Buffer.alloc(0);
  private windowStart = 0;
  elements = 0;

  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  /** Up to `length` bytes (at most the window) at `at`; fewer at the end of the file. */
  async bytes(at: number, length: number): Promise<Buffer> {
    const offset = at - this.windowStart;
    if (offset < 0 || offset + length > this.window.length) {
      const buffer = Buffer.alloc(Math.max(0, Math.min(READ_WINDOW, this.size - at)));
      const { bytesRead } = await this.handle.read(buffer, 0, buffer.length, at);
      this.window = buffer.subarray(0, bytesRead);
      this.windowStart = at;
      return this.window.subarray(0, length);
    }
    return this.window.subarray(offset, offset + length);
  }

  /**
   * The element starting at `at`, which must end by `limit`. Its ID is 1 to 4 bytes (the length marked by the first
   * byte's leading zeros, the marker kept); its size 1 to 8 bytes (the marker dropped); a size of all ones is unknown.
   */
  async element(at: number, limit: number): Promise<Element> {
    this.elements += 1;
    if (this.elements > MAX_ELEMENTS) throw new MalformedVideoError('too many elements');
    const head = await this.bytes(at, Math.min(12, limit - at));
    const first = head[0] ?? 0;
    const idLength = first >= 0x80 ? 1 : first >= 0x40 ? 2 : first >= 0x20 ? 3 : first >= 0x10 ? 4 : 0;
    if (idLength === 0) throw new MalformedVideoError(`not an element ID at ${at}`);
    const sizeFirst = head[idLength];
    if (sizeFirst === undefined || sizeFirst === 0) throw new MalformedVideoError(`no element size at ${at}`);
    const sizeLength = Math.clz32(sizeFirst) - 23;
    if (head.length < idLength + sizeLength) throw new MalformedVideoError(`truncated element at ${at}`);
    const id = head.readUIntBE(0, idLength);
    const mask = 0xff >> sizeLength;
    let size = sizeFirst & mask;
    let unknown = size === mask;
    for (let i = 1; i < sizeLength; i += 1) {
      const byte = head[idLength + i]!;
      size = size * 256 + byte;
      unknown &&= byte === 0xff;
    }
    const dataStart = at + idLength + sizeLength;
    if (unknown) return { id, start: at, dataStart, end: null };
    if (size > limit - dataStart) throw new MalformedVideoError(`element ${hex(id)} overruns its parent`);
    return { id, start: at, dataStart, end: dataStart + size };
  }

  /** The children of a master element of known size; each must have a known size too. */
  async children(parent: Element): Promise<KnownElement[]> {
    const end = known(parent);
    const found: KnownElement[] = [];
    for (let at = parent.dataStart; at < end;) {
      // A real master holds a handful of children (a cluster's frames are skipped, not listed): a crafted one of
      // millions of tiny ones must not become millions of objects.
      if (found.length >= MAX_CHILDREN)
        throw new MalformedVideoError(`element ${hex(parent.id)} has too many children`);
      const child = await this.element(at, end);
      found.push({ ...child, end: known(child) });
      at = known(child);
    }
    return found;
  }
}

function known(element: Element): number {
  if (element.end === null) throw new MalformedVideoError(`element ${hex(element.id)} of unknown size`);
  return element.end;
}

/**
 * Turns [start, end) into a Void element of the same length: ID 0xEC, a size of the fewest bytes that can say how
 * long the rest is (a size of all ones would mean "unknown"), then zeros.
 */
async function writeVoid(handle: FileHandle, start: number, end: number) {
  const total = end - start;
  let sizeLength = 1;
  while (total - 1 - sizeLength > 2 ** (7 * sizeLength) - 2) sizeLength += 1;
  const rest = total - 1 - sizeLength;
  if (sizeLength > 8 || rest < 0) throw new MalformedVideoError('element cannot be voided');
  const head = Buffer.alloc(1 + sizeLength);
  head[0] = ID.VOID;
  let value = rest;
  for (let i = sizeLength; i >= 1; i -= 1) {
    head[i] = value % 256;
    value = Math.floor(value / 256);
  }
  head[1]! |= 0x80 >> (sizeLength - 1);
  await handle.write(head, 0, head.length, start);
  await zeroRanges(handle, [{ start: start + head.length, end }]);
}

/**
 * Blanks the tags, attachments, title and date of the WebM file at `path`, in place. Returns what was blanked
 * (`Tags`, `Attachments`, `Info/Title`, `SeekHead/Seek`...). Throws MalformedVideoError when the file is not
 * well-formed EBML with an EBML header and a Segment, or holds an element of unknown size that cannot be skipped:
 * such a file cannot be cleaned. Everything is checked before the first byte is written.
 */
export async function stripWebmMetadata(path: string): Promise<string[]> {
  const handle = await open(path, 'r+');
  try {
    const reader = new Reader(handle, (await handle.stat()).size);
    const blanks: { start: number; end: number; what: string }[] = [];
    const blank = (element: { start: number; end: number }, what: string) => {
      if (blanks.length >= MAX_BLANKED) throw new MalformedVideoError('too many elements to blank');
      blanks.push({ start: element.start, end: element.end, what });
    };

    /** Blanks the listed children of a master element (and its CRC-32, which would no longer match). */
    const blankChildren = async (parent: Element, what: (child: Element) => Promise<string | null>) => {
      const children = await reader.children(parent);
      let changed = false;
      for (const child of children) {
        const name = await what(child);
        if (name) {
          blank(child, name);
          changed = true;
        }
      }
      const crc = children.find((c) => c.id === ID.CRC32);
      if (changed && crc) blank(crc, 'CRC-32');
    };

    const checkHeader = async (header: Element) => {
      const docType = (await reader.children(header)).find((c) => c.id === ID.DOC_TYPE);
      const name = docType && (await reader.bytes(docType.dataStart, Math.min(16, docType.end - docType.dataStart)));
      if (!name || !DOC_TYPES.has(name.toString('latin1').replace(/\0+$/, ''))) {
        throw new MalformedVideoError('not a WebM or Matroska document');
      }
    };

    /** A Cluster of unknown size ends where an element that cannot be in a cluster starts (or with its parent). */
    const endOfOpenCluster = async (cluster: Element, limit: number) => {
      let at = cluster.dataStart;
      while (at < limit) {
        const child = await reader.element(at, limit);
        if (!IN_CLUSTER.has(child.id)) return at;
        at = known(child);
      }
      return limit;
    };

    /** Walks a Segment's top-level elements; returns where the segment ends. */
    const walkSegment = async (segment: Element) => {
      const limit = segment.end ?? reader.size;
      let at = segment.dataStart;
      while (at < limit) {
        const element = await reader.element(at, limit);
        // A segment of unknown size runs to the end of the file, or to the next stream's EBML header.
        if (segment.end === null && element.id === ID.EBML) return at;
        if (element.end === null) {
          if (element.id !== ID.CLUSTER) throw new MalformedVideoError(`element ${hex(element.id)} of unknown size`);
          at = await endOfOpenCluster(element, limit);
          continue;
        }
        const whole = { start: element.start, end: element.end };
        const blanked = BLANKED_IN_SEGMENT.get(element.id);
        if (blanked) blank(whole, blanked);
        else if (element.id === ID.INFO) {
          await blankChildren(element, async (child) => BLANKED_IN_INFO.get(child.id) ?? null);
        } else if (element.id === ID.SEEK_HEAD) {
          // A seek entry names the element it points at by its ID: the entries for what is blanked go too.
          await blankChildren(element, async (seek) => {
            if (seek.id !== ID.SEEK) return null;
            const target = (await reader.children(seek)).find((c) => c.id === ID.SEEK_ID);
            const length = target ? target.end - target.dataStart : 0;
            if (!target || length < 1 || length > 4) return null;
            const targetId = (await reader.bytes(target.dataStart, length)).readUIntBE(0, length);
            return BLANKED_IN_SEGMENT.has(targetId) ? 'SeekHead/Seek' : null;
          });
        }
        at = element.end;
      }
      return limit;
    };

    const header = await reader.element(0, reader.size);
    if (header.id !== ID.EBML) throw new MalformedVideoError('no EBML header');
    await checkHeader(header);
    let sawSegment = false;
    for (let at = known(header); at < reader.size;) {
      const element = await reader.element(at, reader.size);
      if (element.id === ID.SEGMENT) {
        sawSegment = true;
        at = await walkSegment(element);
      } else if (element.id === ID.EBML) {
        await checkHeader(element);
        at = known(element);
      } else if (element.id === ID.VOID) {
        at = known(element);
      } else {
        throw new MalformedVideoError(`element ${hex(element.id)} outside a segment`);
      }
    }
    if (!sawSegment) throw new MalformedVideoError('no segment');

    for (const { start, end } of blanks) await writeVoid(handle, start, end);
    return blanks.map((b) => b.what);
  } finally {
    await handle.close();
  }
}
