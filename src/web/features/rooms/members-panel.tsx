import { Crown, MicOff } from 'lucide-react';
import { MEMBER_MESSAGES, type RoomRole } from '../../../domain/rooms';
import { displayName } from '../../../domain/user-summary';
import { cn } from '../../lib/cn';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { UserAvatar } from '../../ui/user-avatar';
import { useSession } from '../accounts/api';
import { useMemberMutations, useRoomMembers, type RoomDetails } from './api-rooms';
import { MemberMenu, standingOfMember } from './member-menu';

export interface MembersPanelProps {
  /** The room as rooms.get answers it: the viewer's standing decides which member menu entries show. */
  room: RoomDetails;
  className?: string;
}

const ROLE_LABEL: Record<RoomRole | 'creator', string> = {
  creator: 'Creator',
  admin: 'Admin',
  moderator: 'Moderator',
  member: 'Member',
};

/**
 * The members side panel (spec 3, section 2): each member's avatar, name, role, a crown for the creator and a mark
 * when muted, and the member menu with only the entries the viewer may use. rooms.members is kept current by the
 * room's live subscription (the page's), and by each menu action's answer.
 */
export function MembersPanel({ room, className }: MembersPanelProps) {
  const { account } = useSession();
  const members = useRoomMembers(room.id);
  const mutations = useMemberMutations(room.id);

  return (
    <section
      aria-labelledby="room-members-title"
      className={cn('flex min-h-0 flex-col gap-3 rounded-xl border bg-card p-4', className)}
      data-testid="members-panel"
    >
      <h2 id="room-members-title" className="text-base font-semibold">
        Members{members.data ? ` (${members.data.length})` : ''}
      </h2>
      {members.isPending ? (
        <p className="text-sm text-muted-foreground" role="status">
          Loading members...
        </p>
      ) : members.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm text-destructive">
          <p>{MEMBER_MESSAGES.loadFailed}</p>
          <Button variant="outline" size="sm" onClick={() => void members.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <ul className="flex min-h-0 flex-col gap-1 overflow-y-auto">
          {members.data.map((member) => {
            const standing = standingOfMember(member);
            const isSelf = member.userId === account?.id;
            return (
              <li
                key={member.userId}
                className="flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-muted"
                data-testid="room-member"
              >
                <UserAvatar
                  userId={member.userId}
                  firstName={member.firstName}
                  lastName={member.lastName}
                  avatarUrl={member.avatarUrl}
                  size="sm"
                  showPresence
                />
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-1 truncate text-sm font-medium">
                    <span className="truncate">{displayName(member)}</span>
                    {isSelf && <span className="text-xs text-muted-foreground">(you)</span>}
                    {member.isCreator && (
                      <Crown className="h-3.5 w-3.5 shrink-0 text-amber-500" aria-label="Room creator" role="img" />
                    )}
                  </p>
                  <div className="flex flex-wrap items-center gap-1">
                    <Badge variant={standing === 'member' ? 'outline' : 'default'}>{ROLE_LABEL[standing]}</Badge>
                    {member.muted && (
                      <Badge variant="warning">
                        <MicOff className="h-3 w-3" aria-hidden /> Muted
                      </Badge>
                    )}
                  </div>
                </div>
                <MemberMenu
                  roomId={room.id}
                  viewer={room.standing}
                  member={member}
                  isSelf={isSelf}
                  mutations={mutations}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
