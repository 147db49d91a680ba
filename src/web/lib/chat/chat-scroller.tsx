import { ArrowDown } from 'lucide-react';
import { useLayoutEffect, type ReactNode } from 'react';
import { cn } from '../cn';
import { Button } from '../../ui/button';
import { useFocusMessage } from './use-focus-message';
import type { LaterMessages } from './use-message-in-place';
import { useStickToBottom, STICK_THRESHOLD_PX } from './use-stick-to-bottom';

/** Older messages may exist: whether, whether they are being read, and how to read them. */
export type EarlierMessages = { hasEarlier: boolean; loading: boolean; load(): Promise<void> };

/**
 * A chat's scrolling message list, the same in both chats: it takes the height it is given, opens at the newest
 * message and stays there as messages arrive (use-stick-to-bottom.ts), keeps the reader's place while older messages
 * load above, and offers a way back down to a reader of history. The feature draws the messages (`children`: `li`s).
 */
export function ChatScroller({
  lastId,
  lastIsOwn,
  lastHasMedia = false,
  settleScrollsMs,
  firstId,
  earlier,
  later = null,
  focusId = null,
  listLabel,
  regionLabel = 'Message history',
  className,
  listClassName,
  overlay,
  children,
}: {
  lastId: string | undefined;
  lastIsOwn: boolean;
  lastHasMedia?: boolean;
  /** When the newest message has media, the box goes down again after these delays (its height comes late). */
  settleScrollsMs?: readonly number[];
  firstId: string | undefined;
  earlier?: EarlierMessages | null;
  /** Opened at an older message (use-message-in-place.ts): the newer messages below, read as the reader scrolls. */
  later?: LaterMessages | null;
  /** The message to scroll to and highlight once drawn (`data-message-id` on its `li`). */
  focusId?: string | null;
  listLabel: string;
  regionLabel?: string;
  className?: string;
  listClassName?: string;
  /** Drawn over the top of the list (the jump to the new messages). */
  overlay?: ReactNode;
  children: ReactNode;
}) {
  const { box, content, onScroll, away, unseen, jumpToLatest, keepPlace, afterEarlier, release } = useStickToBottom({
    lastId,
    lastIsOwn,
    settleScrollsMs: lastHasMedia ? settleScrollsMs : undefined,
  });
  useLayoutEffect(afterEarlier, [firstId, afterEarlier]);
  useFocusMessage(box, focusId, release);
  const scrolled = () => {
    onScroll();
    const el = box.current;
    const nearEnd = el && el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_THRESHOLD_PX;
    if (nearEnd && later?.hasLater && !later.loading) void later.load();
  };
  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      {overlay}
      {/* Focusable so a keyboard can scroll it; the list inside is what screen readers browse. The browser's own
          scroll anchoring is off: older messages loaded above are compensated for by hand, in every browser. */}
      <div
        ref={box}
        onScroll={scrolled}
        tabIndex={0}
        role="region"
        aria-label={regionLabel}
        data-testid="message-scroller"
        className={cn(
          'min-h-0 flex-1 overflow-y-auto overscroll-contain [overflow-anchor:none] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
          className,
        )}
      >
        <ol ref={content} aria-label={listLabel} className={cn('flex flex-col', listClassName)}>
          {earlier?.hasEarlier && (
            <li className="flex justify-center py-2">
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
          {children}
          {later?.hasLater && (
            <li className="flex justify-center py-2">
              <Button variant="outline" size="sm" disabled={later.loading} onClick={() => void later.load()}>
                {later.loading ? 'Loading...' : 'Load later messages'}
              </Button>
            </li>
          )}
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
