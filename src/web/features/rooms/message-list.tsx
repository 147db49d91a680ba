import { Fragment, useMemo } from 'react';
import { ROOM_LIMITS, ROOM_MESSAGE_MESSAGES, ROOM_MESSAGES } from '../../../domain/rooms';
import { dayKey, dayLabel } from '../../lib/dates';
import { ChatScroller, type EarlierMessages } from '../../lib/chat/chat-scroller';
import type { LaterMessages } from '../../lib/chat/use-message-in-place';
import { JumpToNewMessages, NewMessagesDivider } from '../../lib/chat/new-messages';
import type { RoomPage, RoomReaction, RoomReceipt } from './api-messages';
import { MessageItem, type MessageActions } from './message-item';
import { FoldedMessages } from '../blocks/folded-messages';
import { useFoldedMessages } from '../blocks/use-folded-messages';

function groupBy<T extends { messageId: string }>(rows: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const r of rows) map.set(r.messageId, [...(map.get(r.messageId) ?? []), r]);
  return map;
}

const NONE: never[] = [];

/**
 * The room's messages (spec 3, section 2), oldest first, grouped by day with a separator above each day, in the chat
 * kit's scroller: it keeps to the bottom as messages and reactions arrive unless the reader has scrolled up more than
 * 100 px; media scroll again at 100, 500 and 1000 ms (their height comes late). Older pages load above without
 * moving the reader.
 */
export function MessageList({
  page,
  actions,
  earlier,
  later,
  focusId,
  showReplies = true,
  label = 'Messages',
  regionLabel = 'Message history',
  firstUnreadId,
}: {
  page: Pick<RoomPage, 'messages' | 'reactions' | 'receipts' | 'readCounts'>;
  actions: MessageActions;
  earlier?: EarlierMessages | null;
  later?: LaterMessages | null;
  focusId?: string | null;
  /** The room's list counts replies per message; a thread does not. */
  showReplies?: boolean;
  label?: string;
  regionLabel?: string;
  /** Where the "New messages" divider goes (the first unread when the room opened). */
  firstUnreadId?: string | null;
}) {
  const { messages } = page;
  const reactions = useMemo(() => groupBy<RoomReaction>(page.reactions), [page.reactions]);
  const receipts = useMemo(() => groupBy<RoomReceipt>(page.receipts), [page.receipts]);
  const readCounts = useMemo(() => new Map(page.readCounts.map((c) => [c.messageId, c.count])), [page.readCounts]);
  const replies = useMemo(() => {
    const counts = new Map<string, number>();
    for (const m of messages)
      if (m.parentMessageId) counts.set(m.parentMessageId, (counts.get(m.parentMessageId) ?? 0) + 1);
    return counts;
  }, [messages]);

  const items = useFoldedMessages(messages);
  const last = messages.at(-1);
  const item = (m: (typeof messages)[number]) => (
    <MessageItem
      key={m.id}
      message={m}
      reactions={reactions.get(m.id) ?? NONE}
      receipts={receipts.get(m.id) ?? NONE}
      readCount={readCounts.get(m.id) ?? 0}
      replies={showReplies ? (replies.get(m.id) ?? 0) : 0}
      actions={actions}
    />
  );
  return (
    <ChatScroller
      lastId={last?.id}
      lastIsOwn={last?.senderId === actions.me}
      lastHasMedia={Boolean(last?.mediaType)}
      settleScrollsMs={ROOM_LIMITS.mediaScrollsMs}
      firstId={messages[0]?.id}
      earlier={earlier}
      later={later}
      focusId={focusId}
      listLabel={label}
      regionLabel={regionLabel}
      className="px-3 py-2 sm:px-4"
      overlay={
        <JumpToNewMessages
          firstUnreadId={firstUnreadId}
          present={messages.some((m) => m.id === firstUnreadId)}
          earlier={earlier}
        />
      }
    >
      {items.map((entry, i) => {
        const m = entry.kind === 'message' ? entry.message : entry.messages[0]!;
        const before = items[i - 1];
        const previous = before && (before.kind === 'message' ? before.message : before.messages.at(-1)!);
        const newDay = !previous || dayKey(previous.sentAt) !== dayKey(m.sentAt);
        return (
          <Fragment key={m.id}>
            {newDay && (
              <li className="my-3 flex items-center gap-3" aria-label={dayLabel(m.sentAt)}>
                <span className="h-px flex-1 bg-border" aria-hidden />
                <span className="text-xs font-medium text-muted-foreground" data-testid="date-separator">
                  {dayLabel(m.sentAt)}
                </span>
                <span className="h-px flex-1 bg-border" aria-hidden />
              </li>
            )}
            {(entry.kind === 'message' ? [m] : entry.messages).some((x) => x.id === firstUnreadId) && (
              <NewMessagesDivider />
            )}
            {entry.kind === 'message' ? (
              item(m)
            ) : (
              <FoldedMessages count={entry.messages.length}>{entry.messages.map(item)}</FoldedMessages>
            )}
          </Fragment>
        );
      })}
    </ChatScroller>
  );
}

/** The room's list with its loading and empty states (spec 3, section 2). */
export function RoomMessages({
  page,
  isPending,
  isError,
  ...props
}: Parameters<typeof MessageList>[0] & { isPending: boolean; isError: boolean }) {
  if (isPending) {
    return (
      <p role="status" className="flex flex-1 items-center justify-center text-muted-foreground">
        {ROOM_MESSAGES.loadingMessages}
      </p>
    );
  }
  if (isError) {
    return (
      <p role="alert" className="flex flex-1 items-center justify-center text-destructive">
        {ROOM_MESSAGE_MESSAGES.loadFailed}
      </p>
    );
  }
  if (page.messages.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-1 p-6 text-center">
        <p className="font-medium">{ROOM_MESSAGES.noMessages}</p>
        <p className="text-sm text-muted-foreground">{ROOM_MESSAGES.beFirst}</p>
      </div>
    );
  }
  return <MessageList page={page} {...props} />;
}
