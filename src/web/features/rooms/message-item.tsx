import { MessageSquareText, Pencil, Reply, Trash2 } from 'lucide-react';
import { useId, useState, type ComponentProps } from 'react';
import { roomNoticeText } from '../../../domain/room-notices';
import { replyPreview, ROOM_LIMITS } from '../../../domain/rooms';
import { displayName } from '../../../domain/user-summary';
import { cn } from '../../lib/cn';
import { clockTime } from '../../lib/dates';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-button';
import { UserAvatar } from '../../ui/user-avatar';
import type { RoomMessage, RoomReaction, RoomReceipt } from './api-messages';
import { MessageMedia } from './media-attachment';
import { EmojiPicker } from './emoji-picker';
import { reactionChange, Reactions, type ReactionChange } from './reactions';
import { MentionText } from './mention-text';
import { ReadReceipts } from './read-receipts';
import { ReportButton } from '../member-reports/report-dialog';

/** What a message may do, and how, as the list hands it down. */
export interface MessageActions {
  me: string;
  /** The viewer may post here (react, reply): a member of a private room, anyone in a public one, never muted. */
  canPost: boolean;
  /** The viewer moderates this room (rooms.get `moderates`): they may delete others' messages. */
  moderates: boolean;
  onReply?(message: RoomMessage): void;
  onOpenThread?(message: RoomMessage): void;
  onReaction(change: ReactionChange): void;
  onEdit(messageId: string, content: string): Promise<unknown>;
  onDelete(messageId: string): Promise<unknown>;
  onMediaLoad?(): void;
}

const senderName = (m: RoomMessage) => displayName({ firstName: m.senderFirstName, lastName: m.senderLastName });

/**
 * One message (spec 3, section 2): sender and avatar, the message it replies to, its words and media, "(edited)",
 * reactions, and under the viewer's own messages who read them. A notice (by its kind, never by its words) is a
 * centred line.
 */
export function MessageItem({
  message: m,
  reactions,
  receipts,
  readCount,
  replies,
  actions,
}: {
  message: RoomMessage;
  reactions: RoomReaction[];
  receipts: RoomReceipt[];
  readCount: number;
  /** How many replies the page holds (the thread dialog shows them all). */
  replies: number;
  actions: MessageActions;
}) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (m.kind !== 'text') {
    if (!m.notice) return null;
    return (
      <li className="my-2 flex justify-center" data-testid="room-notice">
        <span className="rounded-full border px-3 py-1 text-center text-xs text-muted-foreground">
          {roomNoticeText(m.notice)} · {clockTime(m.sentAt)}
        </span>
      </li>
    );
  }
  const own = m.senderId === actions.me;
  const name = senderName(m);
  const canDelete = own || actions.moderates;
  return (
    <li className="group flex gap-2 py-1.5" data-testid="room-message" data-message-id={m.id}>
      <UserAvatar
        userId={m.senderId}
        firstName={m.senderFirstName}
        lastName={m.senderLastName}
        avatarUrl={m.senderAvatarUrl}
        size="sm"
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-sm font-semibold">{name}</span>
          <span className="text-xs text-muted-foreground">{clockTime(m.sentAt)}</span>
          {m.editedAt && <span className="text-xs text-muted-foreground">(edited)</span>}
        </div>
        {m.replyTo && (
          <p
            className="mt-0.5 truncate border-l-2 border-primary/50 pl-2 text-xs text-muted-foreground"
            data-testid="reply-target"
          >
            <span className="sr-only">Replying to: </span>
            {replyPreview(m.replyTo)}
          </p>
        )}
        {editing ? (
          <EditBox
            original={m.content ?? ''}
            onCancel={() => setEditing(false)}
            onSave={(content) => whenSucceeded(actions.onEdit(m.id, content), () => setEditing(false))}
          />
        ) : (
          m.content && (
            <p className="text-sm break-words whitespace-pre-wrap">
              <MentionText content={m.content} mentions={m.mentions} me={actions.me} />
            </p>
          )
        )}
        {m.mediaType && m.mediaUrl && (
          <MessageMedia type={m.mediaType} url={m.mediaUrl} filename={m.mediaFilename} onLoad={actions.onMediaLoad} />
        )}
        <Reactions
          messageId={m.id}
          reactions={reactions}
          me={actions.me}
          canReact={actions.canPost}
          onChange={actions.onReaction}
        />
        <div className="flex flex-wrap items-center gap-1">
          {actions.onOpenThread && replies > 0 && (
            <Button variant="link" size="sm" className="h-7 px-0 text-xs" onClick={() => actions.onOpenThread?.(m)}>
              {replies === 1 ? '1 reply' : `${replies} replies`}
            </Button>
          )}
          <div className="flex items-center gap-0.5" role="group" aria-label={`Actions for ${name}'s message`}>
            {actions.canPost && (
              <EmojiPicker
                onPick={(emoji) => {
                  const mine = reactions.find((r) => r.userId === actions.me)?.emoji ?? null;
                  const change = reactionChange(m.id, mine, emoji);
                  if (change) actions.onReaction(change);
                }}
              />
            )}
            {actions.canPost && actions.onReply && (
              <IconAction label="Reply" onClick={() => actions.onReply?.(m)}>
                <Reply className="h-4 w-4" aria-hidden />
              </IconAction>
            )}
            {actions.onOpenThread && (
              <IconAction label="Open thread" onClick={() => actions.onOpenThread?.(m)}>
                <MessageSquareText className="h-4 w-4" aria-hidden />
              </IconAction>
            )}
            {!own && <ReportButton targetKind="room_message" targetId={m.id} iconOnly />}
            {own && !editing && (
              <IconAction label="Edit message" onClick={() => setEditing(true)}>
                <Pencil className="h-4 w-4" aria-hidden />
              </IconAction>
            )}
            {canDelete && (
              // Its trigger is the icon itself, so Escape and Cancel give focus back to it. The dialog stays while
              // the call runs and closes only when it succeeded; its toast does not depend on it (api-messages).
              <ConfirmDialog
                open={deleting}
                onOpenChange={setDeleting}
                title="Delete message"
                description="Are you sure you want to delete this message?"
                confirmLabel="Delete"
                busyLabel="Deleting..."
                trigger={
                  <IconAction label="Delete message">
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </IconAction>
                }
                onConfirm={() => whenSucceeded(actions.onDelete(m.id), () => setDeleting(false))}
              />
            )}
          </div>
          {own && (
            <div className="ml-auto">
              <ReadReceipts receipts={receipts} count={readCount} />
            </div>
          )}
        </div>
      </div>
    </li>
  );
}

/** A small icon button named by `label`; other props (a dialog trigger's) reach the button. */
function IconAction({ label, children, ...props }: { label: string } & ComponentProps<'button'>) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className="h-7 px-2 text-muted-foreground"
      aria-label={label}
      title={label}
      {...props}
    >
      {children}
    </Button>
  );
}

/**
 * Inline edit (spec 3, section 5): at most 1000 characters shown as n/1000; Enter saves, Shift+Enter adds a line,
 * Escape cancels; saving unchanged or empty text cancels. A message may be longer than an edit may be (2000 against
 * 1000): it opens whole, never cut, with its count in the destructive colour and Save off until it fits, so nothing
 * is lost by opening it.
 */
function EditBox({
  original,
  onSave,
  onCancel,
}: {
  original: string;
  onSave(content: string): Promise<unknown>;
  onCancel(): void;
}) {
  const counterId = useId();
  const [text, setText] = useState(original);
  const [saving, setSaving] = useState(false);
  const tooLong = text.length > ROOM_LIMITS.editMax;
  const save = async () => {
    const trimmed = text.trim();
    if (!trimmed || trimmed === original.trim()) return onCancel();
    if (tooLong) return;
    setSaving(true);
    try {
      await onSave(trimmed);
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="mt-1 flex flex-col gap-1">
      <textarea
        aria-label="Edit message"
        autoFocus
        rows={2}
        // The original's length when longer, so it opens whole; typing cannot go past it.
        maxLength={Math.max(ROOM_LIMITS.editMax, original.length)}
        value={text}
        disabled={saving}
        aria-invalid={tooLong || undefined}
        aria-describedby={counterId}
        className="w-full resize-y rounded-md border bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onCancel();
          } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void save();
          }
        }}
      />
      <div className="flex items-center gap-2">
        <span
          id={counterId}
          className={cn('mr-auto text-xs', tooLong ? 'font-medium text-destructive' : 'text-muted-foreground')}
          data-testid="edit-counter"
        >
          {text.length}/{ROOM_LIMITS.editMax}
        </span>
        <Button size="sm" variant="ghost" className="h-7" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button size="sm" className="h-7" onClick={() => void save()} disabled={saving || tooLong}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </div>
  );
}
