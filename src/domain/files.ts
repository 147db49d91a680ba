/** Upload kinds, their limits and messages (spec 1 section 5, spec 2 section 5, spec 3 section 5). */
export const MB = 1024 * 1024;

export const IMAGE_MIMES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

export interface UploadKind {
  /** The storage area, as the spec names its buckets. */
  bucket: string;
  maxBytes: number;
  accepts: readonly string[];
  wrongTypeMessage: string;
  tooLargeMessage: string;
}

export const UPLOAD_KINDS = {
  avatar: {
    bucket: 'avatars',
    maxBytes: 10 * MB,
    accepts: IMAGE_MIMES,
    wrongTypeMessage: 'Please select a valid image file (JPG, PNG, GIF, or WEBP)',
    tooLargeMessage: 'Image size should be less than 10MB',
  },
  portfolio: {
    bucket: 'portfolio-images',
    maxBytes: 5 * MB,
    accepts: IMAGE_MIMES,
    wrongTypeMessage: 'Please select an image file',
    tooLargeMessage: 'File size must be less than 5MB',
  },
  service: {
    bucket: 'service-images',
    maxBytes: 5 * MB,
    accepts: IMAGE_MIMES,
    wrongTypeMessage: 'Please select an image file',
    tooLargeMessage: 'File size must be less than 5MB',
  },
  request: {
    bucket: 'service-request-images',
    maxBytes: 5 * MB,
    accepts: IMAGE_MIMES,
    wrongTypeMessage: 'Please select an image file',
    tooLargeMessage: 'File size must be less than 5MB',
  },
  /** Chat room media (spec 3, section 5): images, GIFs and videos, at most 50 MB, at {userId}/{timestamp}.{ext}. */
  'chat-media': {
    bucket: 'chat-media',
    maxBytes: 50 * MB,
    accepts: [...IMAGE_MIMES, 'video/mp4', 'video/webm', 'video/quicktime'],
    wrongTypeMessage: 'Unsupported file type. Please use JPEG, PNG, GIF, WebP for images or MP4, WebM for videos.',
    tooLargeMessage: 'File size must be less than 50MB',
  },
} as const satisfies Record<string, UploadKind>;

export type UploadKindName = keyof typeof UPLOAD_KINDS;

/**
 * The most pixels (all frames together) an uploaded image may declare. Checked from the header before anything is
 * decoded: a 20000 x 20000 PNG is a few kilobytes on the wire and 1.6 GB once decoded.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const IMAGE_TOO_MANY_PIXELS_MESSAGE =
  'This image is too large (at most 40 megapixels). Please choose a smaller one.';

/** Images decoded at once, and uploads that may wait for a turn before the server answers "busy". */
export const IMAGE_DECODE_CONCURRENCY = 2;
export const IMAGE_QUEUE_MAX_WAITING = 8;
export const UPLOADS_BUSY_MESSAGE = 'The server is busy processing other images. Please try again in a moment.';

/**
 * Uploads being received or processed at once, server-wide and per user. A slot is taken before the body is read
 * (a body is held in memory until it is re-encoded), so at most UPLOADS_IN_FLIGHT bodies of 10 MB are held at once.
 */
export const UPLOADS_IN_FLIGHT = IMAGE_DECODE_CONCURRENCY + IMAGE_QUEUE_MAX_WAITING;
export const UPLOADS_IN_FLIGHT_PER_USER = 2;
export const UPLOADS_IN_FLIGHT_PER_USER_MESSAGE =
  'You are already uploading images. Please wait for them to finish, then try again.';
/** Uploads per user in a window: every stored image costs disk, so a loop cannot fill it. */
export const UPLOADS_PER_USER = { points: 30, windowSeconds: 10 * 60 } as const;
export const UPLOADS_RATE_LIMITED_MESSAGE = 'You have uploaded many images in a short time. Please try again later.';

/** An upload no avatar, portfolio item, service or request points at is deleted after this long. */
export const UNATTACHED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Whether an image's declared size is within MAX_IMAGE_PIXELS. */
export function withinPixelLimit(image: { width: number; height: number; pages?: number }): boolean {
  return image.width * image.height * Math.max(1, image.pages ?? 1) <= MAX_IMAGE_PIXELS;
}

/** The client's quick check before sending; the server checks the real content again. */
export function checkUpload(kind: UploadKindName, file: { type: string; size: number }): string | null {
  const rules = UPLOAD_KINDS[kind];
  if (!rules.accepts.includes(file.type)) return rules.wrongTypeMessage;
  if (file.size > rules.maxBytes) return rules.tooLargeMessage;
  return null;
}

/** Pixel widths stored for an avatar: every avatar size at twice its density (32, 40, 64, 96 px shown). */
export const AVATAR_VARIANTS = [64, 80, 128, 192] as const;

/** The stored avatar variant that best fits a display size; other URLs are returned unchanged. */
export function avatarVariantUrl(url: string, displayPx: number): string {
  const match = /^(.*)@(\d+)\.webp$/.exec(url);
  if (!match) return url;
  const wanted = AVATAR_VARIANTS.find((w) => w >= displayPx * 2) ?? AVATAR_VARIANTS.at(-1)!;
  return `${match[1]}@${wanted}.webp`;
}
