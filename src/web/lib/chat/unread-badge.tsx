import { CHAT_ESSENTIALS_TEXTS, unreadCountLabel } from '../../../domain/chat-essentials';
import { Badge } from '../../ui/badge';

/** A room's or a conversation's unread count, "99+" past the cap; nothing when all is read. */
export function UnreadBadge({ count }: { count: number | undefined }) {
  const label = unreadCountLabel(count ?? 0);
  if (!label) return null;
  return (
    <Badge aria-label={CHAT_ESSENTIALS_TEXTS.unreadLabel(count ?? 0)} data-testid="unread-badge" className="shrink-0">
      {label}
    </Badge>
  );
}
