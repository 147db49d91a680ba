import { Lock, Users } from 'lucide-react';
import { useNavigate } from 'react-router';
import { shortDate } from '../../lib/dates';
import { cn } from '../../lib/cn';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import type { RoomSummary } from './api-rooms';
import { UnreadBadge } from '../../lib/chat/unread-badge';

/** The room's avatar: the first letter of its name (spec 3, section 2). */
export function RoomInitial({ name, className }: { name: string; className?: string }) {
  const initial = [...name.trim()][0]?.toUpperCase() ?? '#';
  return (
    <span
      aria-hidden
      className={cn(
        'flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-semibold text-primary-foreground',
        className,
      )}
    >
      {initial}
    </span>
  );
}

const memberCountText = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

/** One room of the grid; the whole card opens the room, by click or by Enter (and Space) when focused. */
export function RoomCard({ room }: { room: RoomSummary }) {
  const navigate = useNavigate();
  const open = () => void navigate(`/chat-rooms/${room.id}`);
  return (
    <Card
      role="link"
      tabIndex={0}
      aria-label={`Open chat room ${room.name}`}
      data-testid="room-card"
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          open();
        }
      }}
      className="flex w-full cursor-pointer flex-col gap-3 p-4 transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <div className="flex items-start gap-3">
        <RoomInitial name={room.name} />
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            <h3 className="truncate font-semibold">{room.name}</h3>
            <UnreadBadge count={room.unread} />
            {room.isPrivate && (
              <Badge variant="outline" className="shrink-0">
                <Lock className="h-3 w-3" aria-hidden /> Private
              </Badge>
            )}
          </div>
          {room.description && (
            <p className="line-clamp-2 text-sm break-words text-muted-foreground">{room.description}</p>
          )}
        </div>
      </div>
      <div className="mt-auto flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          <Users className="h-3.5 w-3.5" aria-hidden /> {memberCountText(room.memberCount)}
        </span>
        <span>Created {shortDate(room.createdAt)}</span>
      </div>
    </Card>
  );
}
