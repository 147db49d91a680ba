import { MB, UPLOAD_KINDS, type UploadKindName } from '../../domain/files';

/** How people know the accepted formats (the names on their phone's files, not MIME types). */
const FORMAT_NAMES: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'video/mp4': 'MP4',
  'video/webm': 'WebM',
  'video/quicktime': 'MOV',
};

/** The file picker's `accept`: exactly the types the server takes, so the picker offers nothing it would refuse. */
export const acceptAttribute = (kind: UploadKindName) => UPLOAD_KINDS[kind].accepts.join(',');

/** "JPEG, PNG, GIF or WebP, up to 5 MB": every accepted type and the size limit, read from the domain's rules. */
export function describeUploadLimits(kind: UploadKindName): string {
  const { accepts, maxBytes } = UPLOAD_KINDS[kind];
  const names = accepts.map((type) => FORMAT_NAMES[type] ?? type.split('/')[1]!.toUpperCase());
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names.join('');
  return `${list}, up to ${Math.round((maxBytes / MB) * 10) / 10} MB`;
}
