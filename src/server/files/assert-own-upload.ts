import { UPLOAD_KINDS, type UploadKindName } from '../../domain/files';
import { AppError } from '../errors';
import type { BlobStore } from './blob-store';

/**
 * An item may only show an image its owner uploaded for that kind of item: no pointing at (and later deleting)
 * someone else's file. External http(s) URLs are not accepted either.
 */
export function assertOwnUpload(files: BlobStore, actor: { id: string }, url: string | null, kind: UploadKindName) {
  if (url && !files.owns(url, UPLOAD_KINDS[kind].bucket, actor.id)) {
    throw new AppError('UPLOAD_AGAIN');
  }
}
