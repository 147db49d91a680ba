import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { ROOM_MESSAGE_MESSAGES, ROOM_MESSAGES } from '../../../domain/rooms';
import { appCodeOf } from '../../lib/app-error';
import { newestFromOthers } from '../../lib/chat/messages';
import { useSession } from '../accounts/api';
import {
  useAutoRead,
  useCorruptStickerCleanup,
  useEarlierMessages,
  ROOM_PAGE_REFUSALS,
  useRoom,
  useRoomMessageMutations,
  type RoomMessage,
  type RoomPage as RoomMessagesPage,
} from './api-messages';
import { MESSAGE_SEARCH_TEXTS } from '../../../domain/message-search';
import { MessageSearchBox } from '../message-search/message-search-box';
import { MembersPanel } from './members-panel';
import type { MessageActions } from './message-item';
import { RoomMessages } from './message-list';
import { useRoomInPlace } from './open-in-place';
import type { ReactionChange } from './reactions';
import { RoomAccessScreen } from './room-access-screen';
import { RoomComposer } from './room-composer';
import { RoomHeader } from './room-header';
import { ThreadDialog } from './thread-dialog';
import { useFirstUnreadInRoom } from '../../lib/chat/use-chat-essentials';
import { TypingIndicator } from './typing-indicator';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The refusals the page itself shows (Chat room not found, the no-access screen), not fetch failures. */
const EMPTY_PAGE: RoomMessagesPage = { messages: [], reactions: [], receipts: [], readCounts: [] };

/** /chat-rooms/:roomId: one room (spec 3, section 2, "Room view"). */
export function RoomPage() {
  const { roomId = '' } = useParams();
  const validId = UUID.test(roomId);
  const { account } = useSession();
  const me = account?.id ?? '';
  const [threadOf, setThreadOf] = useState<string | null>(null);
  const [replyTo, setReplyTo] = useState<RoomMessage | null>(null);
  const [membersOpen, setMembersOpen] = useState(false);
  const onMessageDeleted = useCallback((messageId: string) => {
    setThreadOf((open) => (open === messageId ? null : open));
    setReplyTo((target) => (target?.id === messageId ? null : target));
  }, []);
  const { room, page, typing } = useRoom(roomId, validId, onMessageDeleted);
  const earlier = useEarlierMessages(roomId, page.data);
  const inPlace = useRoomInPlace(roomId, useSearchParams()[0].get('message'), page.data);
  const mutations = useRoomMessageMutations(roomId);
  const newestOthers = useMemo(
    () => newestFromOthers(page.data?.messages, (m) => m.senderId !== me && m.kind === 'text'),
    [page.data, me],
  );
  // Where the unread starts is read before anything is marked read (then it would be gone).
  const firstUnread = useFirstUnreadInRoom(roomId, validId && Boolean(room.data?.isMember));
  useAutoRead(roomId, newestOthers, page.isSuccess && room.isSuccess && !firstUnread.isFetching);
  useCorruptStickerCleanup(roomId, page.data?.reactions, room.data?.moderates ?? false);

  // Spec 3, section 8: a room that fails to load for another reason than not being found or not being open to the
  // viewer toasts "Failed to fetch chat room" once (per failure: the id merges a repeat), and the page says why.
  const fetchFailureCode = room.isError ? appCodeOf(room.error) : undefined;
  // A failed read again of a room on screen (the live channel's catch-up) keeps the room; only a first load fails.
  const fetchFailed = room.isError && room.data === undefined && !ROOM_PAGE_REFUSALS.has(fetchFailureCode ?? '');
  useEffect(() => {
    if (fetchFailed) toast.error(ROOM_MESSAGES.fetchFailed, { id: `${ROOM_MESSAGES.fetchFailed}:${roomId}` });
  }, [fetchFailed, room.errorUpdatedAt, roomId]);

  const details = room.data;
  // Posting: a private room's members, anyone in a public one; never while muted (the server checks again).
  const canPost = Boolean(details && (details.isMember || !details.isPrivate) && !details.muted);
  const { mutateAsync: editMessage } = mutations.edit;
  const { mutateAsync: deleteMessage } = mutations.remove;
  const { mutate: react } = mutations.react;
  const { mutate: removeReaction } = mutations.removeReaction;
  const actions: MessageActions = useMemo(
    () => ({
      me,
      canPost,
      moderates: details?.moderates ?? false,
      onReply: setReplyTo,
      onOpenThread: (m) => setThreadOf(m.id),
      onReaction: (change: ReactionChange) => {
        if ('remove' in change) removeReaction({ messageId: change.messageId });
        else react({ messageId: change.messageId, emoji: change.emoji });
      },
      onEdit: (messageId, content) => editMessage({ messageId, content }),
      onDelete: (messageId) => deleteMessage({ messageId }),
    }),
    [me, canPost, details?.moderates, editMessage, deleteMessage, react, removeReaction],
  );

  if (!validId) return <Centered text={ROOM_MESSAGES.notFound} />;
  if (room.isPending) return <Centered text={ROOM_MESSAGES.loadingRoom} status />;
  if (room.isError && (room.data === undefined || ROOM_PAGE_REFUSALS.has(fetchFailureCode ?? ''))) {
    if (fetchFailureCode === 'ROOM_NOT_FOUND') return <Centered text={ROOM_MESSAGES.notFound} />;
    if (fetchFailureCode === 'ROOM_NO_ACCESS' || fetchFailureCode === 'ROOM_BANNED') return <RoomAccessScreen />;
    return <Centered text={ROOM_MESSAGES.error(room.error.message)} />;
  }
  const r = room.data;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-3 px-2 py-3 sm:px-4 sm:py-4">
      <RoomHeader room={r} membersOpen={membersOpen} onToggleMembers={() => setMembersOpen((open) => !open)} />
      <MessageSearchBox
        scope={{ type: 'room', id: r.id }}
        label={MESSAGE_SEARCH_TEXTS.roomLabel}
        placeholder={MESSAGE_SEARCH_TEXTS.roomPlaceholder}
      />
      <div className="flex flex-col gap-3 lg:flex-row">
        <section
          aria-label="Chat"
          className="flex h-[calc(100dvh-16rem)] max-h-[75vh] min-h-96 min-w-0 flex-1 flex-col overflow-hidden rounded-xl border bg-card"
        >
          <RoomMessages
            page={inPlace.held ?? page.data ?? EMPTY_PAGE}
            isPending={page.isPending}
            isError={page.isError}
            actions={actions}
            earlier={inPlace.held ? null : earlier}
            later={inPlace.later}
            focusId={inPlace.focusId}
            firstUnreadId={firstUnread.data?.messageId}
          />
          <TypingIndicator names={typing} />
          {canPost ? (
            <RoomComposer roomId={r.id} roomName={r.name} replyTo={replyTo} onClearReply={() => setReplyTo(null)} />
          ) : (
            <p className="border-t p-3 text-center text-sm text-muted-foreground">
              {r.muted ? ROOM_MESSAGE_MESSAGES.muted : ROOM_MESSAGE_MESSAGES.membersOnly}
            </p>
          )}
        </section>
        {membersOpen && <MembersPanel room={r} className="w-full shrink-0 lg:w-72" />}
      </div>
      <ThreadDialog
        roomId={r.id}
        roomName={r.name}
        parentId={threadOf}
        roomPage={page.data}
        actions={actions}
        canPost={canPost}
        onClose={() => setThreadOf(null)}
      />
    </div>
  );
}

/** The page's one line while loading, or its heading when the room cannot be shown (not found, an error). */
function Centered({ text, status = false }: { text: string; status?: boolean }) {
  if (status) {
    return (
      <p role="status" className="px-4 py-20 text-center">
        {text}
      </p>
    );
  }
  return (
    <div role="alert" className="px-4 py-20 text-center">
      <h1 className="text-xl font-semibold">{text}</h1>
    </div>
  );
}
