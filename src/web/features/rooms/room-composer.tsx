import { Paperclip, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import {
  MEDIA_MESSAGES,
  replyPreview,
  ROOM_LIMITS,
  ROOM_MESSAGE_MESSAGES,
  ROOM_MESSAGES,
  type MediaType,
} from '../../../domain/rooms';
import { displayName } from '../../../domain/user-summary';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { uploadFile } from '../../lib/upload';
import { Button } from '../../ui/button';
import { ChatComposer, useChatDraft } from '../../lib/chat/chat-composer';
import { useMyMute } from '../member-reports/api';
import { MutedNotice } from '../member-reports/report-dialog';
import { useRoomMessageMutations, useTypingAnnouncer, type RoomMessage } from './api-messages';
import { GifPicker, type Gif } from './gif-picker';
import { useMentionAutocomplete } from './mention-autocomplete';
import { ATTACHMENT_ACCEPT, attachmentRefusal, type UploadedMedia } from './media-attachment';

/** Spec 3, section 4 (Attachment): selected, then processing (about 0.5 s), then uploading on send. */
const PROCESSING_MS = 500;
type Attachment = { file: File; preview: string | null; state: 'processing' | 'ready' | 'uploading'; percent: number };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : '');

/**
 * The room's composer (spec 3, sections 2 and 5), on the chat kit's: "Message #{room name}", at most 2000
 * characters, growing to 200 px; Enter sends, Shift+Enter adds a line; an attachment or a GIF; a reply target with a
 * clear button. Typing is announced while typing and withdrawn 3 s after the last keystroke, on blur and on send. A
 * failed send keeps what was typed.
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
  const draft = useChatDraft(ROOM_LIMITS.composerMaxHeightPx);
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { send } = useRoomMessageMutations(roomId);
  const typing = useTypingAnnouncer(roomId, true);
  const mute = useMyMute();
  const { box, setError } = draft;
  const mentions = useMentionAutocomplete(roomId, draft);

  useEffect(() => () => void (attachment?.preview && URL.revokeObjectURL(attachment.preview)), [attachment?.preview]);
  useEffect(() => {
    if (attachment?.state !== 'processing') return;
    const timer = setTimeout(() => setAttachment((a) => a && { ...a, state: 'ready' }), PROCESSING_MS);
    return () => clearTimeout(timer);
  }, [attachment?.state]);
  // Replying focuses the box, as chat apps do.
  useEffect(() => {
    if (replyTo) box.current?.focus();
  }, [replyTo, box]);

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

  /** Posts the message (its text, and media if any); true once the server has it. */
  const post = async (content: string, media?: { type: MediaType; url: string; filename: string; size: number }) =>
    (await whenSucceeded(
      send
        .mutateAsync({
          roomId,
          content,
          parentMessageId: parentId ?? replyTo?.id,
          media,
          mentions: mentions.mentionIdsIn(content),
        })
        .catch((error: unknown) => {
          mute.recheck(error);
          throw error;
        }),
      () => {
        mentions.reset();
        return true;
      },
    )) ?? false;

  async function sendDraft(content: string): Promise<boolean> {
    typing.stop();
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
        return false;
      }
    }
    const sent = await post(
      content,
      media && { type: media.mediaType, url: media.url, filename: media.filename, size: media.size },
    );
    if (!sent) {
      if (attachment) setAttachment((a) => a && { ...a, state: 'ready' });
      return false;
    }
    setAttachment(null);
    onClearReply?.();
    return true;
  }

  function sendGif(gif: Gif) {
    void draft.send(async () => {
      const sent = await post(draft.text.trim(), {
        type: 'gif',
        url: gif.url,
        filename: gif.title.slice(0, 255),
        size: 0,
      });
      if (sent) onClearReply?.();
      return sent;
    });
  }

  return (
    <ChatComposer
      draft={draft}
      label={label}
      formLabel={`${label} composer`}
      placeholder={ROOM_MESSAGES.composerPlaceholder(roomName)}
      maxLength={ROOM_LIMITS.messageMax}
      onSend={sendDraft}
      emptyMessage={ROOM_MESSAGE_MESSAGES.empty}
      canSendBlank={attachment !== null}
      blocked={attachment?.state === 'processing'}
      disabled={mute.until !== null}
      className="flex flex-col gap-1 border-t p-2 sm:p-3"
      onTextChange={(text) => {
        if (text.trim()) typing.keystroke();
        mentions.update(text);
      }}
      onBlur={() => {
        typing.stop();
        mentions.close();
      }}
      onBoxKeyDown={mentions.keyDown}
      boxProps={mentions.boxProps}
      above={
        <>
          {mute.until && <MutedNotice until={mute.until} />}
          {mentions.popup}
          {replyTo && !parentId && (
            <div
              className="flex items-center gap-2 rounded-md border-l-2 border-primary bg-muted px-2 py-1 text-xs"
              data-testid="composer-reply"
            >
              <span className="min-w-0 flex-1 truncate">
                Replying to{' '}
                <strong>{displayName({ firstName: replyTo.senderFirstName, lastName: replyTo.senderLastName })}</strong>
                : {replyPreview(replyTo)}
              </span>
              <RemoveButton label="Clear reply" onClick={onClearReply} />
            </div>
          )}
          {attachment && (
            <div
              className="flex items-center gap-2 rounded-md border px-2 py-1 text-xs"
              data-testid="composer-attachment"
            >
              {attachment.preview && <img src={attachment.preview} alt="" className="h-10 w-10 rounded object-cover" />}
              <span className="min-w-0 flex-1 truncate">{attachment.file.name}</span>
              <span role="status" className="text-muted-foreground">
                {attachment.state === 'processing'
                  ? 'Processing...'
                  : attachment.state === 'uploading'
                    ? `Uploading... ${Math.round(attachment.percent)}%`
                    : 'Ready to send'}
              </span>
              <RemoveButton
                label="Remove attachment"
                disabled={attachment.state === 'uploading'}
                onClick={() => setAttachment(null)}
              />
            </div>
          )}
        </>
      }
      tools={
        <>
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
            disabled={draft.busy}
            onClick={() => fileInput.current?.click()}
          >
            <Paperclip className="h-5 w-5" aria-hidden />
          </Button>
          <GifPicker onPick={sendGif} disabled={draft.busy} />
        </>
      }
    />
  );
}

/** The small cross that takes back what sits above the composer (a reply's quote, an attachment). */
function RemoveButton({ label, disabled, onClick }: { label: string; disabled?: boolean; onClick?: () => void }) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="h-6 px-1"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <X className="h-4 w-4" aria-hidden />
    </Button>
  );
}
