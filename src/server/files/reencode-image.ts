import sharp, { type Sharp } from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../domain/files';
import type { ImageHeader } from './sniff-image';

/** Output settings per type: the type is kept, so a PNG's transparency and a GIF's animation survive. */
const ENCODE = {
  jpg: (image: Sharp) => image.jpeg({ quality: 85, mozjpeg: true }),
  png: (image: Sharp) => image.png({ compressionLevel: 9 }),
  webp: (image: Sharp) => image.webp({ quality: 85 }),
  gif: (image: Sharp) => image.gif(),
} as const;

/** Opens a checked upload for its one decode: our pixel limit, and a corrupt image fails instead of half-loading. */
export function openImage(data: Buffer, header: ImageHeader): Sharp {
  const image = sharp(data, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS, animated: header.animated });
  // The camera's orientation is applied to the pixels, since the EXIF that carried it is dropped.
  return header.animated ? image : image.rotate();
}

/**
 * Every stored image is decoded once and encoded again: what a phone wrote beside the pixels (EXIF with GPS, XMP,
 * comments, ICC profiles, thumbnails) is not copied, as sharp keeps no metadata unless asked to.
 */
export async function reencodeImage(data: Buffer, header: ImageHeader): Promise<Buffer> {
  return ENCODE[header.ext](openImage(data, header)).toBuffer();
}
