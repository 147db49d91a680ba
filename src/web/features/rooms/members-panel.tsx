import { ChevronDown, Crown, MicOff } from 'lucide-react';
import { useId, useState } from 'react';
import { canManageBans, MEMBER_MESSAGES, type RoomRole } from '../../../domain/rooms';
import { displayName } from '../../../domain/user-summary';
import { cn } from '../../lib/cn';
import { shortDate } from '../../lib/dates';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmButton } from '../../ui/confirm-button';
import { UserRow } from '../../ui/user-row';
import { useSession } from '../accounts/api';
import { useMemberMutations, useRoomBans, useRoomMembers, useUnban, type RoomDetails } from './api-rooms';
import { MemberMenu, standingOfMember } from './member-menu';

export interface MembersPanelProps {
  /**
   * The room as rooms.get answers it: the viewer's standing and the room's privacy decide which member menu entries
   * show and whether the Banned section does (a public room's stored admin or moderator gets neither).
   */
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
              <UserRow
                key={member.userId}
                data-testid="room-member"
                user={member}
                showPresence
                nameExtras={
                  <>
                    {isSelf && <span className="text-xs text-muted-foreground">(you)</span>}
                    {member.isCreator && (
                      <Crown className="h-3.5 w-3.5 shrink-0 text-amber-500" aria-label="Room creator" role="img" />
                    )}
                  </>
                }
                details={
                  <div className="flex flex-wrap items-center gap-1">
                    <Badge variant={standing === 'member' ? 'outline' : 'default'}>{ROLE_LABEL[standing]}</Badge>
                    {member.muted && (
                      <Badge variant="warning">
                        <MicOff className="h-3 w-3" aria-hidden /> Muted
                      </Badge>
                    )}
                  </div>
                }
                action={<MemberMenu room={room} member={member} isSelf={isSelf} mutations={mutations} />}
              />
            );
          })}
        </ul>
      )}
      {canManageBans(room, room.standing) && <BannedSection roomId={room.id} />}
    </section>
  );
}

/**
 * The Banned section (the creator's and a private room's admins' only, as the server decides too): collapsed at
 * first, read when opened, kept current by the room's live events (a ban moves the member in, an unban takes the row
 * out).
 */
function BannedSection({ roomId }: { roomId: string }) {
  const [open, setOpen] = useState(false);
  const bans = useRoomBans(roomId, open);
  const unban = useUnban(roomId);
  const listId = useId();
  return (
    <div className="flex flex-col gap-2 border-t pt-3" data-testid="banned-section">
      <Button
        variant="ghost"
        size="sm"
        className="justify-between px-2"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        <span className="text-sm font-semibold">
          {MEMBER_MESSAGES.bannedTitle}
          {bans.data ? ` (${bans.data.length})` : ''}
        </span>
        <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden />
      </Button>
      {open && (
        <div id={listId}>
          {bans.isPending ? (
            <p className="px-2 text-sm text-muted-foreground" role="status">
              Loading...
            </p>
          ) : bans.isError ? (
            <div role="alert" className="flex flex-col items-start gap-2 px-2 text-sm text-destructive">
              <p>{MEMBER_MESSAGES.loadBannedFailed}</p>
              <Button variant="outline" size="sm" onClick={() => void bans.refetch()}>
                Try Again
              </Button>
            </div>
          ) : bans.data.length === 0 ? (
            <p className="px-2 text-sm text-muted-foreground">{MEMBER_MESSAGES.noneBanned}</p>
          ) : (
            <ul className="flex flex-col gap-1" aria-label={MEMBER_MESSAGES.bannedTitle}>
              {bans.data.map((ban) => {
                const name = displayName(ban);
                return (
                  <UserRow
                    key={ban.userId}
                    data-testid="banned-user"
                    user={ban}
                    details={<p className="text-xs text-muted-foreground">Banned {shortDate(ban.bannedAt)}</p>}
                    action={
                      <ConfirmButton
                        trigger="Unban"
                        triggerLabel={`Unban ${name}`}
                        title="Unban Member"
                        description={`Unban ${name}? They can join again if the room is public, or be invited again.`}
                        confirmLabel="Unban"
                        busyLabel="Unbanning..."
                        onConfirm={() => whenSucceeded(unban.mutateAsync({ id: roomId, userId: ban.userId }))}
                      />
                    }
                  />
                );
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
