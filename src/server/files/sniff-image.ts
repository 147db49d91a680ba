import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { IMAGE_TOO_MANY_PIXELS_MESSAGE, UPLOAD_KINDS, withinPixelLimit, type UploadKindName } from '../../domain/files';
import { AppError } from '../errors';

/** What the header of a checked upload says: its real type and whether it has several frames. */
export interface ImageHeader {
  ext: 'jpg' | 'png' | 'gif' | 'webp';
  animated: boolean;
}

/**
 * The real type of the bytes (magic numbers, then the image header), never the name or the browser's claim. Only
 * the header is read here: an image declaring more than MAX_IMAGE_PIXELS is refused before any pixel is decoded.
 */
export async function assertUploadContent(kind: UploadKindName, data: Buffer): Promise<ImageHeader> {
  const rules = UPLOAD_KINDS[kind];
  if (data.length > rules.maxBytes) throw new AppError('BAD_INPUT', rules.tooLargeMessage);
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !rules.accepts.includes(detected.mime)) throw new AppError('BAD_INPUT', rules.wrongTypeMessage);
  // The right first bytes are not enough ("GIF89a" followed by a script): the header must parse too. The pixel
  // limit is ours (below), so sharp's own is off for this header-only read.
  const header = await sharp(data, { animated: true, limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!header?.width || !header.height) throw new AppError('BAD_INPUT', rules.wrongTypeMessage);
  const frames = { width: header.width, height: header.pageHeight ?? header.height, pages: header.pages ?? 1 };
  if (!withinPixelLimit(frames)) {
    throw new AppError('BAD_INPUT', IMAGE_TOO_MANY_PIXELS_MESSAGE);
  }
  return { ext: detected.ext as ImageHeader['ext'], animated: (header.pages ?? 1) > 1 };
}
