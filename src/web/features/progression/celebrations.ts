import { CELEBRATION_DURATIONS_MS, CELEBRATION_GAP_MS } from '../../../domain/progression/texts';

/** One celebration overlay: a badge, a quest with its XP, or a new level (spec 1 section 2). */
export type Celebration =
  | { kind: 'badge'; id: string; slug: string }
  | { kind: 'quest'; id: string; title: string; xp: number }
  | { kind: 'levelUp'; id: string; level: number };

const DURATION_MS: Record<Celebration['kind'], number> = {
  badge: CELEBRATION_DURATIONS_MS.badge,
  quest: CELEBRATION_DURATIONS_MS.quest,
  levelUp: CELEBRATION_DURATIONS_MS.levelUp,
};

/**
 * At most this many celebrations wait: a burst larger than this (a dozen awards at once) would keep the overlay up
 * for a minute, and the Progress page lists every badge and quest anyway. Past it the oldest waiting badge or quest
 * makes room, never a LEVEL UP! (rare, and the moment a user waits for); only a burst of more level-ups than this
 * (thousands of XP at once) drops the oldest of them, so the bound holds.
 */
export const CELEBRATION_QUEUE_MAX = 12;
/** Event ids remembered to show each award once, even if a reconnect's replay brings it again. */
const SEEN_MAX = 200;

/** What keeps a celebration up: the pointer over it, the keyboard's focus in it. */
type Holder = 'pointer' | 'focus';

interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

/**
 * The celebration queue: one overlay at a time, each closing itself after its duration or on a tap, the next one
 * shown 500 ms later. Fed only by live events (never by a page load), so a reload never shows one again. While the
 * user points at the overlay or has focus in it, its time stands still (a card must not leave under the finger
 * reaching for it), and goes on from there when they leave.
 */
export function createCelebrationQueue(
  timers: Timers = {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
  },
) {
  let current: Celebration | null = null;
  let waiting: Celebration[] = [];
  let seen = new Set<string>();
  let timer: unknown = null;
  let inGap = false;
  /** When the current one closes by itself; while it is held, how long it has left instead, and by what. */
  let closesAt = 0;
  let heldLeft: number | null = null;
  const holders = new Set<Holder>();
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());

  function stopTimer() {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  }

  function closeIn(ms: number) {
    closesAt = timers.now() + ms;
    timer = timers.setTimeout(dismiss, ms);
  }

  function showNext() {
    inGap = false;
    heldLeft = null;
    holders.clear();
    current = waiting.shift() ?? null;
    if (current) closeIn(DURATION_MS[current.kind]);
    notify();
  }

  function dismiss() {
    if (!current) return;
    stopTimer();
    current = null;
    heldLeft = null;
    holders.clear();
    if (waiting.length > 0) {
      inGap = true;
      timer = timers.setTimeout(showNext, CELEBRATION_GAP_MS);
    }
    notify();
  }

  return {
    push(celebration: Celebration) {
      if (seen.has(celebration.id)) return;
      if (seen.size >= SEEN_MAX) seen = new Set([...seen].slice(SEEN_MAX / 2));
      seen.add(celebration.id);
      waiting.push(celebration);
      if (waiting.length > CELEBRATION_QUEUE_MAX) {
        const badgeOrQuest = waiting.findIndex((w) => w.kind !== 'levelUp');
        waiting.splice(badgeOrQuest === -1 ? 0 : badgeOrQuest, 1);
      }
      if (!current && !inGap) showNext();
    },
    dismiss,
    /** The pointer or the focus is on the current one: it stays until both have left (`release`). */
    hold(by: Holder) {
      if (!current) return;
      holders.add(by);
      if (heldLeft !== null) return;
      stopTimer();
      heldLeft = Math.max(0, closesAt - timers.now());
    },
    /** The pointer or the focus left: once neither is on it, it closes after the time it had left. */
    release(by: Holder) {
      holders.delete(by);
      if (!current || heldLeft === null || holders.size > 0) return;
      closeIn(heldLeft);
      heldLeft = null;
    },
    /** Forgets everything (sign-out): the next user starts with an empty queue. */
    clear() {
      stopTimer();
      current = null;
      waiting = [];
      seen = new Set();
      inGap = false;
      heldLeft = null;
      holders.clear();
      notify();
    },
    current: () => current,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type CelebrationQueue = ReturnType<typeof createCelebrationQueue>;

/** The tab's one queue: the live subscription pushes, the shell's overlay shows. */
export const celebrations = createCelebrationQueue();
