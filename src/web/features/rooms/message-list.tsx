import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { ROOM_LIMITS, ROOM_MESSAGE_MESSAGES, ROOM_MESSAGES } from '../../../domain/rooms';
import { dayKey, dayLabel } from '../../lib/dates';
import { Button } from '../../ui/button';
import type { RoomPage, RoomReaction, RoomReceipt } from './api-messages';
import { MessageItem, type MessageActions } from './message-item';

function groupBy<T extends { messageId: string }>(rows: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const r of rows) map.set(r.messageId, [...(map.get(r.messageId) ?? []), r]);
  return map;
}

const NONE: never[] = [];

/**
 * The room's messages (spec 3, section 2), oldest first, grouped by day with a separator above each day. It keeps
 * to the bottom as messages and reactions arrive unless the reader has scrolled up more than 100 px; media scroll
 * again at 100, 500 and 1000 ms (their height comes late). Older pages load above without moving the reader.
 */
export function MessageList({
  page,
  actions,
  earlier,
  showReplies = true,
  label = 'Messages',
}: {
  page: Pick<RoomPage, 'messages' | 'reactions' | 'receipts' | 'readCounts'>;
  actions: MessageActions;
  earlier?: { hasEarlier: boolean; loading: boolean; load(): Promise<void> } | null;
  /** The room's list counts replies per message; a thread does not. */
  showReplies?: boolean;
  label?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
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

  const toBottom = useCallback(() => {
    const el = box.current;
    if (el && nearBottom.current) el.scrollTop = el.scrollHeight;
  }, []);

  // New messages at the bottom, or reactions: keep to the bottom (unless scrolled up). Media: again later.
  const last = messages.at(-1);
  const hasMedia = Boolean(last?.mediaType);
  useLayoutEffect(() => {
    toBottom();
    if (!hasMedia) return;
    const timers = ROOM_LIMITS.mediaScrollsMs.map((ms) => setTimeout(toBottom, ms));
    return () => timers.forEach(clearTimeout);
  }, [last?.id, hasMedia, page.reactions.length, toBottom]);

  // Older messages loaded above: the reader stays on the message they were reading.
  const first = messages[0]?.id;
  const heightBefore = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (el && heightBefore.current !== null) el.scrollTop += el.scrollHeight - heightBefore.current;
    heightBefore.current = null;
  }, [first]);
  const load = earlier?.load;
  const loadEarlier = useCallback(async () => {
    heightBefore.current = box.current?.scrollHeight ?? null;
    await load?.();
  }, [load]);

  // Opening the room starts at its newest message.
  useEffect(() => {
    nearBottom.current = true;
    toBottom();
  }, [toBottom]);

  const onMediaLoad = useCallback(() => {
    toBottom();
    actions.onMediaLoad?.();
  }, [toBottom, actions]);
  const itemActions = useMemo(() => ({ ...actions, onMediaLoad }), [actions, onMediaLoad]);

  return (
    <div
      ref={box}
      className="min-h-0 flex-1 overflow-y-auto px-3 py-2 sm:px-4"
      onScroll={(e) => {
        const el = e.currentTarget;
        nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= ROOM_LIMITS.scrollThresholdPx;
      }}
    >
      {earlier?.hasEarlier && (
        <div className="flex justify-center py-2">
          <Button variant="outline" size="sm" disabled={earlier.loading} onClick={() => void loadEarlier()}>
            {earlier.loading ? 'Loading...' : 'Load earlier messages'}
          </Button>
        </div>
      )}
      <ol aria-label={label} className="flex flex-col">
        {messages.map((m, i) => {
          const newDay = i === 0 || dayKey(messages[i - 1]!.sentAt) !== dayKey(m.sentAt);
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
              <MessageItem
                message={m}
                reactions={reactions.get(m.id) ?? NONE}
                receipts={receipts.get(m.id) ?? NONE}
                readCount={readCounts.get(m.id) ?? 0}
                replies={showReplies ? (replies.get(m.id) ?? 0) : 0}
                actions={itemActions}
              />
            </Fragment>
          );
        })}
      </ol>
    </div>
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
