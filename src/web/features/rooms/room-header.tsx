import { Lock, LogIn, LogOut, Settings, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { shortDate } from '../../lib/dates';
import { BackLink } from '../../ui/back-link';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { MuteMenu } from '../../lib/chat/mute-menu';
import { useRoomMutations, type RoomDetails } from './api-rooms';
import { InviteDialog } from './invite-dialog';
import { RoomInitial } from './room-card';
import { RoomManagementDialog } from './room-management-dialog';
import { ReportButton } from '../member-reports/report-dialog';

export interface RoomHeaderProps {
  /** The room as rooms.get answers it (with the viewer's standing, canManage and canInvite). */
  room: RoomDetails;
  /** Whether the members side panel is shown (the page owns it and renders MembersPanel). */
  membersOpen: boolean;
  onToggleMembers(): void;
}

/**
 * The room's header (spec 3, section 2, "Room view"): back to the list, the room's initial, name, description,
 * Private badge and created date, the members panel toggle, and only the buttons this viewer may use: Room
 * Management (the creator), Invite (canInvite: the creator, or any member of a private room; a public room's stored
 * admin counts as a plain member there), Join (a public room they are not in), Leave (a member, not the creator). The
 * dialogs live here, so the page only passes the room.
 */
export function RoomHeader({ room, membersOpen, onToggleMembers }: RoomHeaderProps) {
  const navigate = useNavigate();
  const { join, leave } = useRoomMutations();
  const [managing, setManaging] = useState(false);
  const [inviting, setInviting] = useState(false);
  const canJoin = !room.isPrivate && !room.isMember;
  const canLeave = room.isMember && room.standing !== 'creator';

  return (
    <header className="flex flex-col gap-3 border-b pb-4" data-testid="room-header">
      <div className="flex items-start gap-3">
        <BackLink to="/chat-rooms" place="Chat Rooms" iconOnly />
        <RoomInitial name={room.name} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="truncate text-xl font-bold break-words">{room.name}</h1>
            {room.isPrivate && (
              <Badge variant="outline">
                <Lock className="h-3 w-3" aria-hidden /> Private
              </Badge>
            )}
          </div>
          {room.description && <p className="text-sm break-words text-muted-foreground">{room.description}</p>}
          <p className="text-xs text-muted-foreground">Created {shortDate(room.createdAt)}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {room.standing !== 'creator' && <ReportButton targetKind="room" targetId={room.id} />}
        <Button variant="outline" size="sm" aria-pressed={membersOpen} onClick={onToggleMembers}>
          <Users className="h-4 w-4" aria-hidden /> {membersOpen ? 'Hide members' : 'Show members'}
        </Button>
        {room.canInvite && (
          <Button variant="outline" size="sm" onClick={() => setInviting(true)}>
            <UserPlus className="h-4 w-4" aria-hidden /> Invite
          </Button>
        )}
        {canJoin && (
          <Button size="sm" disabled={join.isPending} onClick={() => join.mutate({ id: room.id })}>
            <LogIn className="h-4 w-4" aria-hidden /> {join.isPending ? 'Joining...' : 'Join'}
          </Button>
        )}
        {canLeave && (
          <Button
            variant="outline"
            size="sm"
            disabled={leave.isPending}
            onClick={() =>
              // A private room is closed to its former members: back to the list.
              void whenSucceeded(leave.mutateAsync({ id: room.id }), () => {
                if (room.isPrivate) void navigate('/chat-rooms');
              })
            }
          >
            <LogOut className="h-4 w-4" aria-hidden /> {leave.isPending ? 'Leaving...' : 'Leave'}
          </Button>
        )}
        {room.canManage && (
          <Button variant="outline" size="sm" onClick={() => setManaging(true)}>
            <Settings className="h-4 w-4" aria-hidden /> Room Management
          </Button>
        )}
        {/* Last in the row: it appears once read, and must not move the buttons before it. */}
        {room.isMember && <MuteMenu target={{ roomId: room.id }} />}
      </div>
      {room.canInvite && <InviteDialog roomId={room.id} open={inviting} onOpenChange={setInviting} />}
      {room.canManage && <RoomManagementDialog room={room} open={managing} onOpenChange={setManaging} />}
    </header>
  );
}
