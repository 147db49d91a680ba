import { MEDIA_MESSAGES, ROOM_LIMITS, ROOM_MEDIA_MIME_TYPES, type MediaType } from '../../../domain/rooms';

/** What the file button accepts (spec 3, section 5): jpeg, png, gif, webp, mp4, webm, quicktime. */
export const ATTACHMENT_ACCEPT = Object.keys(ROOM_MEDIA_MIME_TYPES).join(',');

/** The spec's refusal of a picked file, or null when it may be sent (the server checks its real content again). */
export function attachmentRefusal(file: { type: string; size: number }): string | null {
  if (!(file.type in ROOM_MEDIA_MIME_TYPES)) return MEDIA_MESSAGES.unsupported;
  if (file.size > ROOM_LIMITS.attachmentMaxBytes) return MEDIA_MESSAGES.tooLarge;
  return null;
}

/** What an upload to /api/uploads/chat-media answers. */
export interface UploadedMedia {
  url: string;
  mediaType: MediaType;
  filename: string;
  size: number;
}

/**
 * A message's media, inline (spec 3, section 2): a picture, a GIF, or a video player. `onLoad` lets the list scroll
 * again once it knows the media's height.
 */
export function MessageMedia({
  type,
  url,
  filename,
  onLoad,
}: {
  type: MediaType;
  url: string;
  filename: string | null;
  onLoad?: () => void;
}) {
  const alt = filename || (type === 'gif' ? 'GIF' : type === 'video' ? 'Video' : 'Image');
  if (type === 'video') {
    return (
      <video
        src={url}
        controls
        preload="metadata"
        aria-label={alt}
        className="mt-1 max-h-72 w-full max-w-sm rounded-lg bg-black"
        onLoadedMetadata={onLoad}
      />
    );
  }
  return (
    <img
      src={url}
      alt={alt}
      loading="lazy"
      data-testid={type === 'gif' ? 'message-gif' : 'message-image'}
      className="mt-1 max-h-72 max-w-full rounded-lg object-contain sm:max-w-sm"
      onLoad={onLoad}
    />
  );
}
