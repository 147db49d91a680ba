import { useMemo } from 'react';
import { ROOM_MESSAGE_MESSAGES, ROOM_MESSAGES } from '../../../domain/rooms';
import { Dialog, DialogContent } from '../../ui/dialog';
import { useThread, type RoomPage } from './api-messages';
import type { MessageActions } from './message-item';
import { MessageList } from './message-list';
import { RoomComposer } from './room-composer';

/**
 * A thread (spec 3, section 2): the parent and its replies, live through the room's subscription, with a composer
 * whose every message replies to the parent. The parent's reactions and receipts are the room page's.
 */
export function ThreadDialog({
  roomId,
  roomName,
  parentId,
  roomPage,
  actions,
  canPost,
  onClose,
}: {
  roomId: string;
  roomName: string;
  parentId: string | null;
  roomPage: RoomPage | undefined;
  actions: MessageActions;
  canPost: boolean;
  onClose(): void;
}) {
  const thread = useThread(roomId, parentId);
  const page = useMemo(() => {
    if (!thread.data) return null;
    const { parent } = thread.data;
    const ofParent = <T extends { messageId: string }>(rows: readonly T[] | undefined) =>
      (rows ?? []).filter((r) => r.messageId === parent.id);
    return {
      messages: [parent, ...thread.data.messages],
      reactions: [...ofParent(roomPage?.reactions), ...thread.data.reactions],
      receipts: [...ofParent(roomPage?.receipts), ...thread.data.receipts],
      readCounts: [...ofParent(roomPage?.readCounts), ...thread.data.readCounts],
    };
  }, [thread.data, roomPage]);
  // Inside the thread, a reply is made with the thread's own composer.
  const threadActions = useMemo(() => ({ ...actions, onReply: undefined, onOpenThread: undefined }), [actions]);
  return (
    <Dialog open={parentId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Thread"
        className="flex h-[min(80vh,40rem)] max-w-2xl flex-col gap-2 overflow-hidden p-4 sm:p-6"
      >
        {thread.isPending ? (
          <p role="status" className="flex-1 text-muted-foreground">
            {ROOM_MESSAGES.loadingMessages}
          </p>
        ) : !page ? (
          <p role="alert" className="flex-1 text-destructive">
            {ROOM_MESSAGE_MESSAGES.loadFailed}
          </p>
        ) : (
          <MessageList
            page={page}
            actions={threadActions}
            showReplies={false}
            label="Thread messages"
            regionLabel="Thread history"
          />
        )}
        {canPost && parentId && page && (
          <RoomComposer roomId={roomId} roomName={roomName} parentId={parentId} label="Reply in thread" />
        )}
      </DialogContent>
    </Dialog>
  );
}
