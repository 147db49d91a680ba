import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MalformedVideoError, stripVideoMetadata } from './strip-video-metadata';

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

describe('stripVideoMetadata', () => {
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
