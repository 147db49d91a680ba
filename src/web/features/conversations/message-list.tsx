import { ArrowDown } from 'lucide-react';
import { Fragment, useLayoutEffect } from 'react';
import { messageBody, noticeText, noticeTone } from '../../../domain/messages';
import { sameGroup } from '../../../domain/negotiation';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/button';
import { clockTime, dayKey, dayLabel } from '../../lib/dates';
import type { ChatMessage } from './api';
import { useStickToBottom } from './use-stick-to-bottom';

/**
 * Bubbles grouped by sender within 5 minutes; notices (by their kind, never by their text) centred; a day label above
 * each day's first message; newest at the bottom. The list takes the height it is given and scrolls inside it,
 * staying at the newest message (use-stick-to-bottom.ts), with a jump back down for a reader of history.
 */
export function MessageList({
  messages,
  ownId,
  otherName,
  earlier,
}: {
  messages: ChatMessage[];
  ownId: string;
  otherName: string;
  /** Older messages exist: how to fetch them. */
  earlier?: { loading: boolean; load(): Promise<void> } | null;
}) {
  const last = messages.at(-1);
  const { box, content, onScroll, away, unseen, jumpToLatest, keepPlace, afterEarlier } = useStickToBottom({
    lastId: last?.id,
    lastIsOwn: last?.senderId === ownId,
  });
  const firstId = messages[0]?.id;
  useLayoutEffect(afterEarlier, [firstId, afterEarlier]);
  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      {/* Focusable so a keyboard can scroll it; the list inside is what screen readers browse. The browser's own
          scroll anchoring is off: older messages loaded above are compensated for by hand, in every browser. */}
      <div
        ref={box}
        onScroll={onScroll}
        tabIndex={0}
        role="region"
        aria-label="Message history"
        data-testid="message-scroller"
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain [overflow-anchor:none] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
      >
        <ol ref={content} aria-label="Messages" className="flex flex-col gap-1 px-4 py-4">
          {earlier && (
            <li className="flex justify-center">
              <Button
                variant="outline"
                size="sm"
                disabled={earlier.loading}
                onClick={() => {
                  keepPlace();
                  void earlier.load();
                }}
              >
                {earlier.loading ? 'Loading...' : 'Load earlier messages'}
              </Button>
            </li>
          )}
          {messages.map((m, i) => {
            const newDay = i === 0 || dayKey(messages[i - 1]!.createdAt) !== dayKey(m.createdAt);
            return (
              <Fragment key={m.id}>
                {newDay && (
                  <li className="my-3 flex justify-center">
                    <span className="text-xs font-medium text-muted-foreground">{dayLabel(m.createdAt)}</span>
                  </li>
                )}
                <MessageItem
                  message={m}
                  previous={newDay ? undefined : messages[i - 1]}
                  own={m.senderId === ownId}
                  otherName={otherName}
                />
              </Fragment>
            );
          })}
        </ol>
      </div>
      {away && (
        <Button
          size="sm"
          variant={unseen > 0 ? 'default' : 'outline'}
          className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full shadow-md"
          onClick={jumpToLatest}
        >
          <ArrowDown className="h-4 w-4" aria-hidden />
          {unseen > 0 ? 'New messages' : 'Jump to latest'}
        </Button>
      )}
    </div>
  );
}

function MessageItem({
  message: m,
  previous,
  own,
  otherName,
}: {
  message: ChatMessage;
  previous: ChatMessage | undefined;
  own: boolean;
  otherName: string;
}) {
  const body = messageBody(m);
  if (!body) return null;
  if (body.kind !== 'text') {
    const tone = noticeTone(body);
    return (
      <li className="my-2 flex justify-center" data-testid="notice">
        <span
          className={cn(
            'rounded-full border px-3 py-1 text-center text-xs',
            tone === 'agreed' && 'border-green-600 text-green-700 dark:text-green-400',
            tone === 'refused' && 'border-destructive text-destructive',
            tone === 'proposed' && 'border-primary text-primary',
          )}
        >
          {noticeText(body)} · {clockTime(m.createdAt)}
        </span>
      </li>
    );
  }
  const grouped = previous !== undefined && previous.kind === 'text' && sameGroup(previous, m);
  return (
    <li className={cn('flex flex-col', own ? 'items-end' : 'items-start', !grouped && 'mt-3')}>
      {!grouped && (
        <span className="mb-1 text-xs text-muted-foreground">
          {own ? 'You' : otherName} · {clockTime(m.createdAt)}
        </span>
      )}
      <p
        className={cn(
          'max-w-[80%] rounded-2xl px-3 py-2 text-sm whitespace-pre-wrap break-words',
          own ? 'bg-primary text-primary-foreground' : 'bg-muted',
        )}
      >
        {body.text}
      </p>
    </li>
  );
}
