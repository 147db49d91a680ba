import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { UPLOAD_KINDS, type UploadKindName } from '../../domain/files';
import { AppError } from '../errors';

/** The real type of the bytes (magic numbers, then a decode), never the name or the browser's claim. */
export async function assertUploadContent(kind: UploadKindName, data: Buffer): Promise<string> {
  const rules = UPLOAD_KINDS[kind];
  if (data.length > rules.maxBytes) throw new AppError('BAD_INPUT', rules.tooLargeMessage);
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !rules.accepts.includes(detected.mime)) throw new AppError('BAD_INPUT', rules.wrongTypeMessage);
  // The right first bytes are not enough ("GIF89a" followed by a script): the image must also decode.
  const decodes = await sharp(data, { animated: true })
    .metadata()
    .then((m) => Boolean(m.width && m.height))
    .catch(() => false);
  if (!decodes) throw new AppError('BAD_INPUT', rules.wrongTypeMessage);
  return detected.ext;
}
