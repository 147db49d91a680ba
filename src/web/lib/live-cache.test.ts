import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { applyToCached, liveHandlers, READ_AGAIN } from './live-cache';

type Items = { items: string[] };

const clients: QueryClient[] = [];
function client(): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  clients.push(queryClient);
  return queryClient;
}
afterEach(() => {
  for (const queryClient of clients.splice(0)) queryClient.clear();
});

/** A read the test answers when it wants: the server's answer, leaving before or after an event. */
function pendingRead<T>() {
  let answer!: (value: T) => void;
  let reads = 0;
  const queryFn = () => {
    reads += 1;
    return new Promise<T>((resolve) => {
      answer = resolve;
    });
  };
  return { queryFn, answer: (value: T) => answer(value), reads: () => reads };
}

/** A query a mounted page shows (an observer), first read with `queryFn`; invalidating it reads it again. */
async function shown<T>(queryClient: QueryClient, queryKey: QueryKey, queryFn: () => T | Promise<T>) {
  const observer = new QueryObserver(queryClient, { queryKey, queryFn });
  observer.subscribe(() => undefined);
  await flush();
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a live subscription starting (first start or after a reconnect)', () => {
  it('reads again a watched query the page had already read: a change in between would never arrive', async () => {
    const queryClient = client();
    const key = ['mine'];
    let reads = 0;
    await shown(queryClient, key, () => ({ items: [`read ${++reads}`] }));
    const handlers = liveHandlers<string>(queryClient, { watched: [key], onEvent: () => undefined });

    handlers.onStarted();
    await flush();

    expect(reads).toBe(2);
    expect(queryClient.getQueryData<Items>(key)).toEqual({ items: ['read 2'] });
  });

  it('reads nothing when no watched query was read yet: its first read will be current', async () => {
    const queryClient = client();
    let caughtUp = 0;
    const handlers = liveHandlers<string>(queryClient, {
      watched: [['mine']],
      onEvent: () => undefined,
      catchUp: () => (caughtUp += 1),
    });

    handlers.onStarted();

    expect(caughtUp).toBe(0);
  });

  it("runs the feature's own catch-up instead of the default, then its onStarted, at every restart", () => {
    const queryClient = client();
    queryClient.setQueryData(['mine'], { items: [] });
    const calls: string[] = [];
    const handlers = liveHandlers<string>(queryClient, {
      watched: [['mine']],
      onEvent: () => undefined,
      catchUp: () => calls.push('catch up'),
      onStarted: () => calls.push('started'),
    });

    handlers.onStarted();
    handlers.onStarted();

    expect(calls).toEqual(['catch up', 'started', 'catch up', 'started']);
  });
});

describe('a live event landing', () => {
  it('is applied to the cache and nothing is read when no read is out', async () => {
    const queryClient = client();
    const key = ['mine'];
    let reads = 0;
    await shown(queryClient, key, () => ((reads += 1), { items: ['a'] }));
    const handlers = liveHandlers<string>(queryClient, {
      watched: [key],
      onEvent: (item) => applyToCached<Items>(queryClient, key, (old) => ({ items: [...old.items, item] })),
    });

    handlers.onData({ id: '1', data: 'b' });
    await flush();

    expect(queryClient.getQueryData<Items>(key)).toEqual({ items: ['a', 'b'] });
    expect(reads).toBe(1);
  });

  it('has a watched read in flight made again: its answer left before the change and must not undo it', async () => {
    const queryClient = client();
    const key = ['mine'];
    queryClient.setQueryData<Items>(key, { items: ['a'] });
    const read = pendingRead<Items>();
    const observer = new QueryObserver(queryClient, { queryKey: key, queryFn: read.queryFn, staleTime: 0 });
    observer.subscribe(() => undefined);
    const handlers = liveHandlers<string>(queryClient, {
      watched: [key],
      onEvent: (item) => applyToCached<Items>(queryClient, key, (old) => ({ items: [...old.items, item] })),
    });

    handlers.onData({ id: '1', data: 'b' });
    await flush();
    // The second read is the current one; the first, from before the event, is dropped.
    read.answer({ items: ['a', 'b'] });
    await flush();

    expect(read.reads()).toBe(2);
    expect(queryClient.getQueryData<Items>(key)).toEqual({ items: ['a', 'b'] });
  });

  it('hands the feature the event and its id, in order', () => {
    const queryClient = client();
    const seen: string[] = [];
    const handlers = liveHandlers<string>(queryClient, {
      watched: [],
      onEvent: (event, id) => seen.push(`${id}:${event}`),
    });

    handlers.onData({ id: '7', data: 'x' });
    handlers.onData({ id: '8', data: 'y' });

    expect(seen).toEqual(['7:x', '8:y']);
  });
});

describe('applyToCached', () => {
  it('puts the change into every cached entry under the key, each with its own key', () => {
    const queryClient = client();
    queryClient.setQueryData<Items>(['list', { search: '' }], { items: ['a'] });
    queryClient.setQueryData<Items>(['list', { search: 'b' }], { items: [] });
    queryClient.setQueryData<Items>(['other'], { items: [] });

    applyToCached<Items>(queryClient, ['list'], (old, entryKey) => ({
      items: [...old.items, `${(entryKey[1] as { search: string }).search}!`],
    }));

    expect(queryClient.getQueryData(['list', { search: '' }])).toEqual({ items: ['a', '!'] });
    expect(queryClient.getQueryData(['list', { search: 'b' }])).toEqual({ items: ['b!'] });
    expect(queryClient.getQueryData(['other'])).toEqual({ items: [] });
  });

  it('reads an entry again when its reducer cannot apply the event, and leaves entries not read yet alone', async () => {
    const queryClient = client();
    const key = ['list'];
    let reads = 0;
    await shown(queryClient, key, () => ({ items: [`read ${++reads}`] }));
    queryClient.getQueryCache().build(queryClient, { queryKey: ['list', 'unread'] });
    const seen: unknown[] = [];

    applyToCached<Items>(queryClient, key, (old, entryKey) => {
      seen.push(entryKey);
      return READ_AGAIN;
    });
    await flush();

    expect(seen).toEqual([key]);
    expect(reads).toBe(2);
  });
});
