import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_KINDS, type UploadKindName } from '../../domain/files';
import { AppError } from '../errors';

/** The real type of the bytes (magic numbers), never the name or the browser's claim. */
export async function assertUploadContent(kind: UploadKindName, data: Buffer): Promise<string> {
  const rules = UPLOAD_KINDS[kind];
  if (data.length > rules.maxBytes) throw new AppError('BAD_INPUT', rules.tooLargeMessage);
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !rules.accepts.includes(detected.mime)) throw new AppError('BAD_INPUT', rules.wrongTypeMessage);
  return detected.ext;
}
