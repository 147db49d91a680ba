import type { UploadKindName } from '../../domain/files';

export class UploadError extends Error {}

/**
 * Sends one file to /api/uploads/{kind}, reporting progress (0–100). XMLHttpRequest, because fetch cannot
 * report upload progress. Rejects with the server's message.
 */
export function uploadFile<T>(kind: UploadKindName, file: File, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/uploads/${kind}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.((e.loaded / e.total) * 100);
    xhr.onload = () => {
      const body = xhr.response as (T & { error?: string }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body);
      else reject(new UploadError(body?.error ?? ''));
    };
    xhr.onerror = () => reject(new UploadError(''));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
