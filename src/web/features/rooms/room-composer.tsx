import { Paperclip, SendHorizontal, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { MEDIA_MESSAGES, replyPreview, ROOM_LIMITS, ROOM_MESSAGE_MESSAGES, ROOM_MESSAGES } from '../../../domain/rooms';
import { displayName } from '../../../domain/user-summary';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { uploadFile } from '../../lib/upload';
import { Button } from '../../ui/button';
import { Label } from '../../ui/label';
import { useRoomMessageMutations, useTypingAnnouncer, type RoomMessage } from './api-messages';
import { GifPicker, type Gif } from './gif-picker';
import { ATTACHMENT_ACCEPT, attachmentRefusal, type UploadedMedia } from './media-attachment';

/** Spec 3, section 4 (Attachment): selected, then processing (about 0.5 s), then uploading on send. */
const PROCESSING_MS = 500;
type Attachment = { file: File; preview: string | null; state: 'processing' | 'ready' | 'uploading'; percent: number };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : '');

/**
 * The room's composer (spec 3, sections 2 and 5): "Message #{room name}", at most 2000 characters, growing to
 * 200 px; Enter sends, Shift+Enter adds a line; an attachment or a GIF; a reply target with a clear button. Typing is
 * announced while typing and withdrawn 3 s after the last keystroke, on blur and on send. A failed send keeps what
 * was typed.
 */
export function RoomComposer({
  roomId,
  roomName,
  replyTo,
  onClearReply,
  parentId,
  label = 'Message',
}: {
  roomId: string;
  roomName: string;
  /** The message being replied to (the room's composer); cleared after sending. */
  replyTo?: RoomMessage | null;
  onClearReply?(): void;
  /** A thread's composer: every message replies to this parent. */
  parentId?: string;
  label?: string;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { send } = useRoomMessageMutations(roomId);
  const typing = useTypingAnnouncer(roomId, true);

  useEffect(() => () => void (attachment?.preview && URL.revokeObjectURL(attachment.preview)), [attachment?.preview]);
  useEffect(() => {
    if (attachment?.state !== 'processing') return;
    const timer = setTimeout(() => setAttachment((a) => a && { ...a, state: 'ready' }), PROCESSING_MS);
    return () => clearTimeout(timer);
  }, [attachment?.state]);
  // Replying focuses the box, as chat apps do.
  useEffect(() => {
    if (replyTo) box.current?.focus();
  }, [replyTo]);

  function grow() {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, ROOM_LIMITS.composerMaxHeightPx)}px`;
  }

  function pick(file: File | undefined) {
    if (!file) return;
    const refusal = attachmentRefusal(file);
    if (refusal) {
      toast.error(refusal);
      return;
    }
    const preview = file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
    setAttachment({ file, preview, state: 'processing', percent: 0 });
    setError(null);
  }

  async function post(media?: { type: 'image' | 'video' | 'gif'; url: string; filename: string; size: number }) {
    const parentMessageId = parentId ?? replyTo?.id;
    return whenSucceeded(
      send.mutateAsync({ roomId, content: media && !text.trim() ? '' : text.trim(), parentMessageId, media }),
      () => true,
    );
  }

  async function submit() {
    if (sending || attachment?.state === 'processing') return;
    const content = text.trim();
    if (!content && !attachment) {
      setError(ROOM_MESSAGE_MESSAGES.empty);
      return;
    }
    setError(null);
    setSending(true);
    typing.stop();
    try {
      let media: UploadedMedia | undefined;
      if (attachment) {
        setAttachment({ ...attachment, state: 'uploading', percent: 0 });
        try {
          media = await uploadFile<UploadedMedia>('chat-media', attachment.file, (percent) =>
            setAttachment((a) => a && { ...a, percent }),
          );
        } catch (uploadError) {
          const reason = messageOf(uploadError);
          toast.error(reason ? MEDIA_MESSAGES.uploadFailedBecause(reason) : MEDIA_MESSAGES.uploadFailed);
          setAttachment((a) => a && { ...a, state: 'ready' });
          return;
        }
      }
      const sent = await post(
        media && { type: media.mediaType, url: media.url, filename: media.filename, size: media.size },
      );
      if (!sent) {
        if (attachment) setAttachment((a) => a && { ...a, state: 'ready' });
        return;
      }
      setText('');
      setAttachment(null);
      onClearReply?.();
      requestAnimationFrame(grow);
    } finally {
      setSending(false);
      box.current?.focus();
    }
  }

  async function sendGif(gif: Gif) {
    setSending(true);
    try {
      const sent = await whenSucceeded(
        send.mutateAsync({
          roomId,
          content: text.trim(),
          parentMessageId: parentId ?? replyTo?.id,
          media: { type: 'gif', url: gif.url, filename: gif.title.slice(0, 255), size: 0 },
        }),
        () => true,
      );
      if (sent) {
        setText('');
        onClearReply?.();
      }
    } finally {
      setSending(false);
    }
  }

  const inputId = `${id}-text`;
  const errorId = `${id}-error`;
  return (
    <form
      className="flex flex-col gap-1 border-t p-2 sm:p-3"
      aria-label={`${label} composer`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {replyTo && !parentId && (
        <div
          className="flex items-center gap-2 rounded-md border-l-2 border-primary bg-muted px-2 py-1 text-xs"
          data-testid="composer-reply"
        >
          <span className="min-w-0 flex-1 truncate">
            Replying to{' '}
            <strong>{displayName({ firstName: replyTo.senderFirstName, lastName: replyTo.senderLastName })}</strong>:{' '}
            {replyPreview(replyTo)}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-6 px-1"
            aria-label="Clear reply"
            onClick={onClearReply}
          >
            <X className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      )}
      {attachment && (
        <div className="flex items-center gap-2 rounded-md border px-2 py-1 text-xs" data-testid="composer-attachment">
          {attachment.preview && <img src={attachment.preview} alt="" className="h-10 w-10 rounded object-cover" />}
          <span className="min-w-0 flex-1 truncate">{attachment.file.name}</span>
          <span role="status" className="text-muted-foreground">
            {attachment.state === 'processing'
              ? 'Processing...'
              : attachment.state === 'uploading'
                ? `Uploading... ${Math.round(attachment.percent)}%`
                : 'Ready to send'}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-6 px-1"
            aria-label="Remove attachment"
            disabled={attachment.state === 'uploading'}
            onClick={() => setAttachment(null)}
          >
            <X className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      )}
      <div className="flex items-center justify-between">
        <Label htmlFor={inputId} className="text-xs text-muted-foreground">
          {label}
        </Label>
        {text.length > ROOM_LIMITS.messageMax * 0.9 && (
          <span className="text-xs text-muted-foreground">
            {text.length}/{ROOM_LIMITS.messageMax}
          </span>
        )}
      </div>
      <div className="flex items-end gap-1">
        <input
          ref={fileInput}
          type="file"
          accept={ATTACHMENT_ACCEPT}
          className="hidden"
          tabIndex={-1}
          aria-hidden
          data-testid="attachment-input"
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Attach a photo or video"
          title="Attach a photo or video"
          disabled={sending}
          onClick={() => fileInput.current?.click()}
        >
          <Paperclip className="h-5 w-5" aria-hidden />
        </Button>
        <GifPicker onPick={(gif) => void sendGif(gif)} disabled={sending} />
        <textarea
          id={inputId}
          ref={box}
          rows={1}
          maxLength={ROOM_LIMITS.messageMax}
          value={text}
          placeholder={ROOM_MESSAGES.composerPlaceholder(roomName)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="max-h-[200px] min-h-10 min-w-0 flex-1 resize-none rounded-md border bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
            grow();
            if (e.target.value.trim()) typing.keystroke();
          }}
          onBlur={typing.stop}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit();
            }
          }}
        />
        <Button type="submit" size="icon" aria-label="Send" disabled={sending || attachment?.state === 'processing'}>
          <SendHorizontal className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
