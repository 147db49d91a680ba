import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { bellLabel, NOTIFICATION_TEXTS, unreadBadge, type NotificationItem } from '../../../domain/notifications';
import { Button } from '../../ui/button';
import {
  BELL_LIMIT,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationEvents,
  useNotifications,
  useUnreadNotifications,
} from './api';
import { NotificationRow } from './notification-row';

/**
 * The top bar's bell (signed in only): the unread count, and a popover with the newest items. It also keeps the
 * member's notifications live for the whole shell. The items' list is read when the popover first opens.
 */
export function NotificationBell({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  useNotificationEvents(userId);
  const unread = useUnreadNotifications();
  const count = unread.data?.count ?? 0;
  const badge = unreadBadge(count);

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setOpened(true);
      }}
    >
      <Popover.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={bellLabel(count)} className="relative" data-testid="bell">
          <Bell className="h-5 w-5" aria-hidden />
          {badge && (
            <span
              aria-hidden
              data-testid="bell-badge"
              className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-bold leading-none text-white"
            >
              {badge}
            </span>
          )}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={8}
          align="end"
          aria-label={NOTIFICATION_TEXTS.title}
          className="z-50 flex w-96 max-w-[calc(100vw-1rem)] flex-col gap-2 rounded-lg border bg-background p-2 text-foreground shadow-lg"
        >
          <BellItems enabled={opened} unread={count} onNavigate={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function BellItems({ enabled, unread, onNavigate }: { enabled: boolean; unread: number; onNavigate(): void }) {
  const list = useNotifications(BELL_LIMIT, { enabled });
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = (list.data?.pages[0]?.items ?? []).slice(0, BELL_LIMIT);
  const open = (item: NotificationItem) => {
    if (item.readAt === null) markRead.mutate({ id: item.id });
    onNavigate();
  };

  return (
    <>
      <div className="flex items-center justify-between gap-2 px-2 pt-1">
        <h2 className="text-base font-semibold">{NOTIFICATION_TEXTS.title}</h2>
        <Button variant="ghost" size="sm" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
          {NOTIFICATION_TEXTS.markAllRead}
        </Button>
      </div>
      {list.isPending ? (
        <p role="status" className="px-3 py-4 text-sm text-muted-foreground">
          Loading notifications...
        </p>
      ) : list.isError ? (
        <p role="alert" className="px-3 py-4 text-sm">
          {NOTIFICATION_TEXTS.loadFailed}
        </p>
      ) : items.length === 0 ? (
        <p className="px-3 py-4 text-sm text-muted-foreground">{NOTIFICATION_TEXTS.empty}</p>
      ) : (
        <ul aria-label="Newest notifications" className="flex max-h-[60vh] flex-col overflow-y-auto">
          {items.map((item) => (
            <NotificationRow key={item.id} item={item} onOpen={open} compact />
          ))}
        </ul>
      )}
      <Link
        to="/notifications"
        onClick={onNavigate}
        className="rounded-md px-3 py-2 text-center text-sm font-medium text-primary hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {NOTIFICATION_TEXTS.seeAll}
      </Link>
    </>
  );
}
