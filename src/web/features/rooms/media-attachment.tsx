import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { MEDIA_MESSAGES, ROOM_LIMITS, ROOM_MEDIA_MIME_TYPES, type MediaType } from '../../../domain/rooms';
import { Button } from '../../ui/button';

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

const DEFAULT_EXTENSION: Record<MediaType, string> = { image: 'jpg', gif: 'gif', video: 'mp4' };

/**
 * The name a saved file gets: the message's file name, else the last part of its address, with an extension (a
 * Giphy GIF's name is its title). Characters file systems refuse become "_".
 */
export function savedFileName(url: string, filename: string | null, type: MediaType): string {
  let fromUrl = '';
  try {
    fromUrl = decodeURIComponent(new URL(url, 'http://x').pathname.split('/').at(-1) ?? '');
  } catch {
    // A malformed address: the file name or the default stands.
  }
  const urlExtension = /\.([a-z0-9]{2,5})$/i.exec(fromUrl)?.[1];
  const base = (filename?.trim() || fromUrl || type).replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_').slice(0, 200);
  return /\.[a-z0-9]{2,5}$/i.test(base) ? base : `${base}.${urlExtension ?? DEFAULT_EXTENSION[type]}`;
}

/** The body of a download, refused past the attachment limit (a school phone should not hold more in memory). */
async function boundedBlob(response: Response): Promise<Blob> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > ROOM_LIMITS.attachmentMaxBytes) throw new Error('too large');
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > ROOM_LIMITS.attachmentMaxBytes) {
      await reader.cancel();
      throw new Error('too large');
    }
    chunks.push(value);
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? '' });
}

/**
 * Saves a message's media to the device (spec 3, section 8: "Image, GIF or Video saved successfully!" or "Failed to
 * save media"): the file is fetched and handed to the browser as a download under its name. A plain function, not
 * the component's: the toast comes even if the message scrolled away or was deleted meanwhile. Another site's file
 * (a Giphy GIF) may not be fetched from this page (the page's connect-src is our own), so it opens in a new tab,
 * where the browser saves it: that is not claimed as saved.
 */
export async function saveMedia(url: string, filename: string | null, type: MediaType): Promise<void> {
  const own = new URL(url, location.href).origin === location.origin;
  let blob: Blob;
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    blob = await boundedBlob(response);
  } catch {
    if (own) toast.error(MEDIA_MESSAGES.saveFailed);
    // Another site's file refused to this page: the browser opens it where its own Save works (not claimed as saved).
    else window.open(url, '_blank', 'noopener,noreferrer');
    return;
  }
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = savedFileName(url, filename, type);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its data once started; the object URL is let go a little later (Safari reads it late).
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  toast.success(MEDIA_MESSAGES.saved, { id: MEDIA_MESSAGES.saved });
}

/** The Save button under a message's media: a visible label, reachable by keyboard, busy while the file comes. */
function SaveMediaButton({ url, filename, type }: { url: string; filename: string | null; type: MediaType }) {
  const [saving, setSaving] = useState(false);
  const what = type === 'gif' ? 'GIF' : type === 'video' ? 'video' : 'image';
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="h-7 self-start px-2 text-xs text-muted-foreground"
      title={`Save ${what}`}
      aria-label={`Save ${what}`}
      disabled={saving}
      onClick={() => {
        setSaving(true);
        void saveMedia(url, filename, type).finally(() => setSaving(false));
      }}
    >
      <Download className="h-4 w-4" aria-hidden /> {saving ? 'Saving...' : 'Save'}
    </Button>
  );
}

/**
 * A message's media, inline (spec 3, section 2): a picture, a GIF, or a video player, with a Save button. `onLoad`
 * lets the list scroll again once it knows the media's height.
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
  return (
    <div className="flex flex-col">
      <InlineMedia type={type} url={url} alt={alt} onLoad={onLoad} />
      <SaveMediaButton url={url} filename={filename} type={type} />
    </div>
  );
}

function InlineMedia({ type, url, alt, onLoad }: { type: MediaType; url: string; alt: string; onLoad?: () => void }) {
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
