import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Spec 3: a reader more than 100 px above the newest message is reading history, and is not moved. */
export const STICK_THRESHOLD_PX = 100;

/**
 * Keeps a chat's scroll box at its newest message: when it opens, when a message arrives, and when the box changes
 * size (a panel above opens or loads, the window or the phone's keyboard resizes it). A reader who scrolled up stays
 * where they are and is told how many messages arrived meanwhile; their own message always brings them down.
 */
export function useStickToBottom({
  lastId,
  lastIsOwn,
  settleScrollsMs = [],
}: {
  lastId: string | undefined;
  lastIsOwn: boolean;
  /** The newest message's height may come late (media): the box goes down again after these delays. */
  settleScrollsMs?: readonly number[];
}) {
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLOListElement>(null);
  // A ref, not state: resize callbacks read it between renders.
  const stuck = useRef(true);
  const [away, setAway] = useState(false);
  const [unseen, setUnseen] = useState(0);

  const toBottom = useCallback(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  const onScroll = useCallback(() => {
    const el = box.current;
    if (!el) return;
    const near = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_THRESHOLD_PX;
    stuck.current = near;
    setAway(!near);
    if (near) setUnseen(0);
  }, []);

  // The box (the page's panels) or its content (a reflow) changed size: back to the bottom unless reading history.
  useEffect(() => {
    const observer = new ResizeObserver(() => {
      if (stuck.current) toBottom();
    });
    if (box.current) observer.observe(box.current);
    if (content.current) observer.observe(content.current);
    return () => observer.disconnect();
  }, [toBottom]);

  // Before paint, so the chat never shows a frame away from its newest message.
  const seenLast = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    if (lastId === undefined || lastId === seenLast.current) return;
    const opening = seenLast.current === undefined;
    seenLast.current = lastId;
    if (opening || lastIsOwn || stuck.current) {
      stuck.current = true;
      toBottom();
    } else {
      setUnseen((n) => n + 1);
    }
  }, [lastId, lastIsOwn, toBottom]);

  const settles = settleScrollsMs.join();
  useEffect(() => {
    if (lastId === undefined || settles === '') return;
    const timers = settles.split(',').map((ms) =>
      setTimeout(() => {
        if (stuck.current) toBottom();
      }, Number(ms)),
    );
    return () => timers.forEach(clearTimeout);
  }, [lastId, settles, toBottom]);

  /** Older messages are about to load above: the reader keeps the message they were reading in place. */
  const heightBefore = useRef<number | null>(null);
  const keepPlace = useCallback(() => {
    heightBefore.current = box.current?.scrollHeight ?? null;
  }, []);
  const afterEarlier = useCallback(() => {
    const el = box.current;
    if (el && heightBefore.current !== null) el.scrollTop += el.scrollHeight - heightBefore.current;
    heightBefore.current = null;
  }, []);

  const jumpToLatest = useCallback(() => {
    stuck.current = true;
    toBottom();
    setAway(false);
    setUnseen(0);
    // The jump button goes away: the reader's focus moves to the messages they jumped to.
    box.current?.focus({ preventScroll: true });
  }, [toBottom]);

  /** The reader was taken to an older message (opened in place): they stay there as messages arrive. */
  const release = useCallback(() => {
    stuck.current = false;
    setAway(true);
  }, []);

  return { box, content, onScroll, away, unseen, jumpToLatest, keepPlace, afterEarlier, release };
}
