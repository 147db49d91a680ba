import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CELEBRATION_DURATIONS_MS, CELEBRATION_GAP_MS } from '../../../domain/progression/texts';
import { CELEBRATION_QUEUE_MAX, createCelebrationQueue, type Celebration } from './celebrations';

const quest = (id: string): Celebration => ({ kind: 'quest', id, title: 'Say Hello', xp: 25 });
const badge = (id: string): Celebration => ({ kind: 'badge', id, slug: 'first_service_created' });
const levelUp = (id: string): Celebration => ({ kind: 'levelUp', id, level: 2 });

describe('the celebration queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows one at a time, each for its own duration, with a 500 ms gap between them', () => {
    const queue = createCelebrationQueue();
    queue.push(quest('1'));
    queue.push(badge('2'));
    queue.push(levelUp('3'));
    expect(queue.current()?.id).toBe('1');

    vi.advanceTimersByTime(CELEBRATION_DURATIONS_MS.quest - 1);
    expect(queue.current()?.id).toBe('1');
    vi.advanceTimersByTime(1);
    expect(queue.current()).toBeNull();
    vi.advanceTimersByTime(CELEBRATION_GAP_MS - 1);
    expect(queue.current()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(queue.current()?.id).toBe('2');

    vi.advanceTimersByTime(CELEBRATION_DURATIONS_MS.badge + CELEBRATION_GAP_MS);
    expect(queue.current()?.id).toBe('3');
    vi.advanceTimersByTime(CELEBRATION_DURATIONS_MS.levelUp - 1);
    expect(queue.current()?.id).toBe('3');
    vi.advanceTimersByTime(1);
    expect(queue.current()).toBeNull();
  });

  it('a tap closes the current one early and the next follows after the gap', () => {
    const queue = createCelebrationQueue();
    queue.push(levelUp('1'));
    queue.push(quest('2'));
    queue.dismiss();
    expect(queue.current()).toBeNull();
    vi.advanceTimersByTime(CELEBRATION_GAP_MS);
    expect(queue.current()?.id).toBe('2');
    // The first one's timer no longer runs: the second stays its full 2.5 s.
    vi.advanceTimersByTime(CELEBRATION_DURATIONS_MS.quest - 1);
    expect(queue.current()?.id).toBe('2');
  });

  it('stays while held (pointer or focus on it) and closes after the time it had left once released', () => {
    const queue = createCelebrationQueue();
    queue.push(badge('1'));
    queue.push(quest('2'));
    vi.advanceTimersByTime(1_000);
    queue.hold('pointer');
    vi.advanceTimersByTime(60_000);
    expect(queue.current()?.id).toBe('1');
    queue.release('pointer');
    vi.advanceTimersByTime(CELEBRATION_DURATIONS_MS.badge - 1_000 - 1);
    expect(queue.current()?.id).toBe('1');
    vi.advanceTimersByTime(1);
    expect(queue.current()).toBeNull();
    // The next one is not held by the last one's hold, and a release with nothing held changes nothing.
    vi.advanceTimersByTime(CELEBRATION_GAP_MS);
    queue.release('focus');
    expect(queue.current()?.id).toBe('2');
    vi.advanceTimersByTime(CELEBRATION_DURATIONS_MS.quest);
    expect(queue.current()).toBeNull();
  });

  it('stays while either the pointer or the focus is still on it', () => {
    const queue = createCelebrationQueue();
    queue.push(levelUp('1'));
    queue.hold('focus');
    queue.hold('pointer');
    queue.release('pointer');
    vi.advanceTimersByTime(60_000);
    expect(queue.current()?.id).toBe('1');
    queue.hold('pointer');
    queue.release('focus');
    vi.advanceTimersByTime(60_000);
    expect(queue.current()?.id).toBe('1');
    queue.release('pointer');
    vi.advanceTimersByTime(CELEBRATION_DURATIONS_MS.levelUp);
    expect(queue.current()).toBeNull();
  });

  it('a held one still closes on a tap, and the next one runs its own time', () => {
    const queue = createCelebrationQueue();
    queue.push(levelUp('1'));
    queue.push(quest('2'));
    queue.hold('pointer');
    queue.dismiss();
    vi.advanceTimersByTime(CELEBRATION_GAP_MS);
    expect(queue.current()?.id).toBe('2');
    vi.advanceTimersByTime(CELEBRATION_DURATIONS_MS.quest);
    expect(queue.current()).toBeNull();
  });

  it('one arriving during the gap waits for it', () => {
    const queue = createCelebrationQueue();
    queue.push(quest('1'));
    queue.push(quest('2'));
    vi.advanceTimersByTime(CELEBRATION_DURATIONS_MS.quest);
    queue.push(badge('3'));
    expect(queue.current()).toBeNull();
    vi.advanceTimersByTime(CELEBRATION_GAP_MS);
    expect(queue.current()?.id).toBe('2');
  });

  it('an event seen again (a replay after a reconnect) is not celebrated twice', () => {
    const queue = createCelebrationQueue();
    queue.push(quest('1'));
    vi.advanceTimersByTime(CELEBRATION_DURATIONS_MS.quest);
    queue.push(quest('1'));
    expect(queue.current()).toBeNull();
    vi.advanceTimersByTime(10_000);
    expect(queue.current()).toBeNull();
  });

  /** The ids the queue shows from now on, in order, each run to its end. */
  function shownIds(queue: ReturnType<typeof createCelebrationQueue>): string[] {
    const ids: string[] = [];
    for (let c = queue.current(); c; c = queue.current()) {
      ids.push(c.id);
      vi.advanceTimersByTime(CELEBRATION_DURATIONS_MS[c.kind] + CELEBRATION_GAP_MS);
    }
    return ids;
  }

  it('keeps at most a bounded number waiting: the oldest waiting go first', () => {
    const queue = createCelebrationQueue();
    for (let i = 0; i < CELEBRATION_QUEUE_MAX + 10; i++) queue.push(badge(String(i)));
    const ids = shownIds(queue);
    expect(ids).toHaveLength(CELEBRATION_QUEUE_MAX + 1);
    // The one on screen, then the newest that fit.
    expect(ids[0]).toBe('0');
    expect(ids.slice(1)).toEqual(Array.from({ length: CELEBRATION_QUEUE_MAX }, (_, i) => String(i + 10)));
  });

  it('never drops a LEVEL UP!: a full queue drops its oldest badge or quest instead', () => {
    const queue = createCelebrationQueue();
    queue.push(quest('shown'));
    queue.push(levelUp('level-early'));
    for (let i = 0; i < CELEBRATION_QUEUE_MAX - 1; i++) queue.push(badge(`b${i}`));
    // Full: the level-up that arrives now takes the place of the oldest waiting badge, not of a level-up.
    queue.push(levelUp('level-late'));
    // And a badge arriving after it only pushes out another badge.
    queue.push(quest('q-late'));
    const ids = shownIds(queue);
    expect(ids).toHaveLength(CELEBRATION_QUEUE_MAX + 1);
    expect(ids).toContain('level-early');
    expect(ids).toContain('level-late');
    expect(ids).not.toContain('b0');
    expect(ids).not.toContain('b1');
    expect(ids.slice(0, 3)).toEqual(['shown', 'level-early', 'b2']);
    expect(ids.slice(-2)).toEqual(['level-late', 'q-late']);
  });

  it('a badge arriving at a queue full of level-ups is the one left out; only level-ups past the bound drop one', () => {
    const queue = createCelebrationQueue();
    queue.push(quest('shown'));
    for (let i = 0; i < CELEBRATION_QUEUE_MAX; i++) queue.push(levelUp(`l${i}`));
    queue.push(badge('late-badge'));
    queue.push(levelUp('l-last'));
    const ids = shownIds(queue);
    expect(ids).toHaveLength(CELEBRATION_QUEUE_MAX + 1);
    expect(ids).not.toContain('late-badge');
    // The bound still holds: the oldest waiting level-up made room for the newest level.
    expect(ids.slice(1, 2)).toEqual(['l1']);
    expect(ids.at(-1)).toBe('l-last');
  });

  it('clear (sign-out) empties it and tells the overlay', () => {
    const queue = createCelebrationQueue();
    const listener = vi.fn();
    queue.subscribe(listener);
    queue.push(quest('1'));
    queue.push(quest('2'));
    queue.clear();
    expect(queue.current()).toBeNull();
    expect(listener).toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(queue.current()).toBeNull();
  });
});
