import { ArrowUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { CHAT_ESSENTIALS_TEXTS } from '../../../domain/chat-essentials';
import { Button } from '../../ui/button';
import type { EarlierMessages } from './chat-scroller';

const DIVIDER_ID = 'new-messages-divider';

/** "New messages": drawn above the first message the reader had not read when the chat opened. */
export function NewMessagesDivider() {
  return (
    <li id={DIVIDER_ID} data-testid="new-messages-divider" className="my-3">
      <div
        role="separator"
        aria-label={CHAT_ESSENTIALS_TEXTS.newMessages}
        className="flex items-center gap-3 text-primary"
      >
        <span className="h-px flex-1 bg-primary" aria-hidden />
        <span className="text-xs font-semibold">{CHAT_ESSENTIALS_TEXTS.newMessages}</span>
        <span className="h-px flex-1 bg-primary" aria-hidden />
      </div>
    </li>
  );
}

/**
 * Whether the reader has had the divider on screen (a page loaded, a scroll): once seen, the jump to it has done its
 * work and goes, as the chat's own way back down to the newest takes over.
 */
function useDividerSeen(present: boolean) {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const divider = present ? document.getElementById(DIVIDER_ID) : null;
    if (!divider) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting) setSeen(true);
    });
    observer.observe(divider);
    return () => observer.disconnect();
  }, [present]);
  return seen;
}

const scrollToDivider = () => document.getElementById(DIVIDER_ID)?.scrollIntoView({ block: 'center' });

/**
 * "Jump to new messages" until the reader has seen the divider: scrolls to it, first loading earlier pages until it is
 * among the loaded messages when it is older than them. `present`: the first unread message is loaded.
 */
export function JumpToNewMessages({
  firstUnreadId,
  present,
  earlier,
}: {
  firstUnreadId: string | null | undefined;
  present: boolean;
  earlier?: EarlierMessages | null;
}) {
  const seen = useDividerSeen(present);
  // Set by a click while the divider is older than the loaded pages: each page loaded, the next, until it is there.
  const seeking = useRef(false);
  useEffect(() => {
    if (!seeking.current) return;
    if (present) {
      seeking.current = false;
      scrollToDivider();
    } else if (!earlier?.hasEarlier) seeking.current = false;
    else if (!earlier.loading) void earlier.load();
  }, [present, earlier]);
  if (!firstUnreadId || seen) return null;
  return (
    // Over the messages' top right corner, an arrow alone on a phone: centred it covered "Load earlier messages", and
    // a bar above the list moved the messages as it came and went.
    <Button
      size="sm"
      className="absolute top-3 right-3 z-10 rounded-full shadow-md"
      disabled={earlier?.loading}
      onClick={() => {
        if (present) scrollToDivider();
        else if (earlier?.hasEarlier) {
          seeking.current = true;
          void earlier.load();
        }
      }}
    >
      <ArrowUp className="h-4 w-4" aria-hidden />
      <span className="sr-only sm:not-sr-only">{CHAT_ESSENTIALS_TEXTS.jumpToNew}</span>
    </Button>
  );
}
