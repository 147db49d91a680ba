import { Link } from 'react-router';
import { notificationText, type NotificationItem } from '../../../domain/notifications';
import { cn } from '../../lib/cn';
import { listTime } from '../../lib/dates';

/**
 * One item: a link to what it is about that also marks it read. Unread items are bold with a dot, said in words for
 * screen readers too.
 */
export function NotificationRow({
  item,
  onOpen,
  compact = false,
}: {
  item: NotificationItem;
  onOpen(item: NotificationItem): void;
  compact?: boolean;
}) {
  const unread = item.readAt === null;
  return (
    <li>
      <Link
        to={item.payload.path}
        onClick={() => onOpen(item)}
        data-testid="notification-item"
        data-kind={item.kind}
        className={cn(
          'flex items-start gap-3 rounded-md px-3 text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          compact ? 'py-2' : 'py-3',
        )}
      >
        <span
          aria-hidden
          className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')}
        />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className={cn('break-words', unread ? 'font-semibold' : 'text-muted-foreground')}>
            {unread && <span className="sr-only">Unread: </span>}
            {notificationText(item)}
          </span>
          <time dateTime={item.updatedAt} className="text-xs text-muted-foreground">
            {listTime(item.updatedAt)}
          </time>
        </span>
      </Link>
    </li>
  );
}
