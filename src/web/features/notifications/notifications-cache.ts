import type { InfiniteData } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { NotificationItem } from '../../../domain/notifications';
import type { AppRouter } from '../../../server/router';

type Outputs = inferRouterOutputs<AppRouter>['notifications'];
export type NotificationPage = Outputs['list'];
export type NotificationPages = InfiniteData<NotificationPage, unknown>;
type LiveData<S> = S extends AsyncIterable<{ data: infer D }> ? D : never;
/** One change on the member's own channel: an item written or moved, items read, items removed. */
export type NotificationLiveEvent = LiveData<Outputs['events']>;

const withItems = (data: NotificationPages, map: (items: NotificationItem[], page: number) => NotificationItem[]) => ({
  ...data,
  pages: data.pages.map((page, i) => ({ ...page, items: map(page.items, i) })),
});

/**
 * Puts one event into a cached list (the bell's or the page's pages). An item that moved (a new message on it) goes
 * to the top, as the server orders by the newest time; one only read stays where it is.
 */
export function applyEventToPages(data: NotificationPages, event: NotificationLiveEvent): NotificationPages {
  switch (event.type) {
    case 'changed': {
      const { item } = event;
      const cached = data.pages.flatMap((p) => p.items).find((i) => i.id === item.id);
      if (cached && cached.updatedAt === item.updatedAt) {
        return withItems(data, (items) => items.map((i) => (i.id === item.id ? item : i)));
      }
      return withItems(data, (items, page) => [
        ...(page === 0 ? [item] : []),
        ...items.filter((i) => i.id !== item.id),
      ]);
    }
    case 'read':
      return markReadInPages(data, event.ids, event.readAt);
    case 'removed': {
      const gone = new Set(event.ids);
      return withItems(data, (items) => items.filter((i) => !gone.has(i.id)));
    }
  }
}

/** Items read (`ids`, or every one when null) as of `readAt`; an item already read keeps its time. */
export function markReadInPages(data: NotificationPages, ids: readonly string[] | null, readAt: string) {
  const chosen = ids ? new Set(ids) : null;
  return withItems(data, (items) =>
    items.map((i) => (i.readAt === null && (!chosen || chosen.has(i.id)) ? { ...i, readAt } : i)),
  );
}
