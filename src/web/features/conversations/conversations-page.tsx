import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { CONVERSATION_MESSAGES } from '../../../domain/negotiation';
import { displayName } from '../../../domain/user-summary';
import { Badge } from '../../ui/badge';
import { listTime } from '../../lib/dates';
import { Button } from '../../ui/button';
import { UserAvatar } from '../../ui/user-avatar';
import { PageContainer } from '../../ui/page';
import { MessageSearchBox } from '../message-search/message-search-box';
import { useConversations } from './api';

/** /conversations: newest activity first, the other party, the service, the last message and unread count. */
export function ConversationsPage() {
  const list = useConversations();
  return (
    <PageContainer width="narrow">
      <h1 className="text-3xl font-bold">Messages</h1>
      <MessageSearchBox scope={{ type: 'all' }} />
      {list.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading conversations...
        </p>
      ) : list.isError ? (
        <p role="alert" className="text-destructive">
          {CONVERSATION_MESSAGES.loadFailed}
        </p>
      ) : list.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border p-10 text-center">
          <MessageSquare className="h-10 w-10 text-muted-foreground" aria-hidden />
          <p className="font-medium">No conversations yet</p>
          <p className="text-sm text-muted-foreground">Request a service to start talking with its provider.</p>
          <Button asChild>
            <Link to="/discover-services">Discover Services</Link>
          </Button>
        </div>
      ) : (
        <ul className="flex flex-col divide-y rounded-xl border" aria-label="Conversations">
          {list.data.map((c) => {
            const name = displayName({ firstName: c.otherFirstName, lastName: c.otherLastName });
            return (
              <li key={c.id} className="relative flex items-center gap-3 p-4 hover:bg-muted/50">
                <UserAvatar
                  userId={c.otherId}
                  firstName={c.otherFirstName}
                  lastName={c.otherLastName}
                  avatarUrl={c.otherAvatarUrl}
                  isAdmin={c.otherIsAdmin}
                  showPresence
                />
                <div className="min-w-0 flex-1">
                  <div className="flex items-baseline justify-between gap-2">
                    <Link
                      to={`/chat/${c.id}`}
                      aria-label={`${name}: ${c.serviceTitle ?? c.subjectTitle}`}
                      className="truncate font-semibold after:absolute after:inset-0"
                    >
                      {name}
                    </Link>
                    <span className="shrink-0 text-xs text-muted-foreground">{listTime(c.updatedAt)}</span>
                  </div>
                  <p className="truncate text-sm text-primary">{c.serviceTitle ?? c.subjectTitle}</p>
                  <p className={`truncate text-sm ${c.unread > 0 ? 'font-medium' : 'text-muted-foreground'}`}>
                    {c.lastMessage ?? ''}
                  </p>
                </div>
                {c.unread > 0 && (
                  <Badge aria-label={`${c.unread} unread`} data-testid="unread-badge">
                    {c.unread}
                  </Badge>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </PageContainer>
  );
}
