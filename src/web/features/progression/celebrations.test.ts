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

  it('keeps at most a bounded number waiting', () => {
    const queue = createCelebrationQueue();
    for (let i = 0; i < CELEBRATION_QUEUE_MAX + 10; i++) queue.push(badge(String(i)));
    let shown = 0;
    while (queue.current()) {
      shown++;
      vi.advanceTimersByTime(CELEBRATION_DURATIONS_MS.badge + CELEBRATION_GAP_MS);
    }
    expect(shown).toBe(CELEBRATION_QUEUE_MAX + 1);
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
