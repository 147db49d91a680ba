import { describe, expect, it } from 'vitest';
import { appendOnce, byTimeThenId, mergeMessages, mergeNewest, newestFromOthers, prependPage } from './messages';

type M = { id: string; at: string; text?: string; from?: string };
const order = byTimeThenId<M>((m) => m.at);
const msg = (id: string, minute: number, extra: Partial<M> = {}): M => ({
  id,
  at: new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString(),
  ...extra,
});
const ids = (list: readonly M[]) => list.map((m) => m.id);

describe('byTimeThenId', () => {
  it('orders by time, and messages of the same instant by id', () => {
    expect(ids([msg('b', 1), msg('c', 0), msg('a', 1)].sort(order))).toEqual(['c', 'a', 'b']);
  });
});

describe('appendOnce', () => {
  it('adds a new message in its place by time', () => {
    expect(ids(appendOnce([msg('a', 0), msg('c', 2)], msg('b', 1), order))).toEqual(['a', 'b', 'c']);
  });
  it('keeps one copy when the send answer and the live event both bring a message', () => {
    const list = [msg('a', 0, { text: 'held' })];
    const next = appendOnce(list, msg('a', 0, { text: 'again' }), order);
    expect(next).toBe(list);
  });
});

describe('mergeMessages', () => {
  it('holds each message once, the incoming copy replacing the held one', () => {
    const merged = mergeMessages([msg('a', 0), msg('b', 1, { text: 'old' })], [msg('b', 1, { text: 'new' })], order);
    expect(ids(merged)).toEqual(['a', 'b']);
    expect(merged[1]!.text).toBe('new');
  });
});

describe('prependPage', () => {
  it('puts an older page in front, without the messages already held, and names what it added', () => {
    const { messages, added } = prependPage([msg('c', 2), msg('d', 3)], [msg('a', 0), msg('b', 1), msg('c', 2)], order);
    expect(ids(messages)).toEqual(['a', 'b', 'c', 'd']);
    expect([...added]).toEqual(['a', 'b']);
  });
  it('keeps the held copy of a message the page brings again (a live change may be newer)', () => {
    const { messages } = prependPage([msg('b', 1, { text: 'edited' })], [msg('b', 1, { text: 'paged' })], order);
    expect(messages[0]!.text).toBe('edited');
  });
});

describe('mergeNewest', () => {
  it('keeps earlier pages when the fresh newest page overlaps them', () => {
    const held = [msg('a', 0), msg('b', 1), msg('c', 2)];
    const { messages, kept } = mergeNewest(held, [msg('b', 1), msg('c', 2), msg('d', 3)], 3, order);
    expect(ids(messages)).toEqual(['a', 'b', 'c', 'd']);
    expect([...kept]).toEqual(['a']);
  });
  it('drops a held message the fresh page no longer has within its span (deleted meanwhile)', () => {
    const held = [msg('a', 0), msg('b', 1), msg('gone', 2)];
    expect(ids(mergeNewest(held, [msg('b', 1), msg('d', 3)], 50, order).messages)).toEqual(['a', 'b', 'd']);
  });
  it('keeps the fresh page alone after a gap: a full page with nothing in common', () => {
    const held = [msg('a', 0), msg('b', 1)];
    expect(ids(mergeNewest(held, [msg('x', 10), msg('y', 11)], 2, order).messages)).toEqual(['x', 'y']);
  });
  it('keeps what was held when a short fresh page shares nothing: the chat is all there', () => {
    const held = [msg('a', 0)];
    expect(ids(mergeNewest(held, [msg('b', 1)], 50, order).messages)).toEqual(['a', 'b']);
  });
});

describe('newestFromOthers', () => {
  it("names the newest message of someone else, not the reader's own", () => {
    const list = [msg('a', 0, { from: 'them' }), msg('b', 1, { from: 'them' }), msg('c', 2, { from: 'me' })];
    expect(newestFromOthers(list, (m) => m.from !== 'me')).toBe('b');
    expect(newestFromOthers([msg('c', 2, { from: 'me' })], (m) => m.from !== 'me')).toBeUndefined();
    expect(newestFromOthers(undefined, () => true)).toBeUndefined();
  });
});
