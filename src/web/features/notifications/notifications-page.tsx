import { NOTIFICATION_TEXTS, type NotificationItem } from '../../../domain/notifications';
import { Button } from '../../ui/button';
import { LoadMoreButton } from '../../ui/load-more-button';
import { PageContainer } from '../../ui/page';
import {
  PAGE_LIMIT,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
  useUnreadNotifications,
} from './api';
import { NotificationRow } from './notification-row';

/** /notifications: everything that concerns the member, newest first, kept live by the bell's subscription. */
export function NotificationsPage() {
  const list = useNotifications(PAGE_LIMIT);
  const unread = useUnreadNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const open = (item: NotificationItem) => {
    if (item.readAt === null) markRead.mutate({ id: item.id });
  };
  const unreadCount = unread.data?.count ?? 0;

  return (
    <PageContainer width="narrow">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">{NOTIFICATION_TEXTS.title}</h1>
        <Button variant="outline" disabled={unreadCount === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
          {NOTIFICATION_TEXTS.markAllRead}
        </Button>
      </div>
      {list.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading notifications...
        </p>
      ) : list.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p>{NOTIFICATION_TEXTS.loadFailed}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            {NOTIFICATION_TEXTS.retry}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="py-10 text-center text-muted-foreground">{NOTIFICATION_TEXTS.empty}</p>
      ) : (
        <>
          <ul aria-label="Your notifications" className="flex flex-col divide-y rounded-lg border">
            {items.map((item) => (
              <NotificationRow key={item.id} item={item} onOpen={open} />
            ))}
          </ul>
          <LoadMoreButton listing={list} />
        </>
      )}
    </PageContainer>
  );
}
