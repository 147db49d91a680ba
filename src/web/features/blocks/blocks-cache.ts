import type { InfiniteData } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';

type Outputs = inferRouterOutputs<AppRouter>['blocks'];
type LiveData<S> = S extends AsyncIterable<{ data: infer D }> ? D : never;
/** A block or an unblock on the caller's own channel, with the member as the list shows them. */
export type BlockLiveEvent = LiveData<Outputs['events']>;
/** The Settings list's pages as blocks.list answers them. */
export type BlockedPages = InfiniteData<Outputs['list'], unknown>;

/** The ids the caller blocked after a block or an unblock (once each, whichever tab or answer brings it first). */
export function applyToIds(ids: readonly string[], event: BlockLiveEvent): string[] {
  if (event.type === 'blocked') return ids.includes(event.member.userId) ? [...ids] : [...ids, event.member.userId];
  return ids.filter((id) => id !== event.userId);
}

/** The Settings list after a block (newest first, on the first page) or an unblock (gone from whichever page). */
export function applyToPages(data: BlockedPages, event: BlockLiveEvent): BlockedPages {
  const without = (userId: string) =>
    data.pages.map((page) => ({ ...page, items: page.items.filter((m) => m.userId !== userId) }));
  if (event.type === 'unblocked') return { ...data, pages: without(event.userId) };
  const pages = without(event.member.userId);
  const [first, ...rest] = pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, items: [event.member, ...first.items] }, ...rest] };
}
