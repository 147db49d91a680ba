import { MoreVertical } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import {
  memberActionAllowed,
  roleChangeRefusal,
  type MemberAction,
  type RoomRole,
  type RoomStanding,
} from '../../../domain/rooms';
import { displayName } from '../../../domain/user-summary';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { Button } from '../../ui/button';
import { Dialog, DialogClose, DialogContent } from '../../ui/dialog';
import type { RoomDetails, RoomMember, useMemberMutations } from './api-rooms';
import { BlockButton } from '../blocks/block-button';

type Entry = { kind: 'role'; label: string; role: RoomRole } | { kind: 'action'; label: string; action: MemberAction };

type Confirmable = 'kick' | 'ban' | 'remove';

/** What remove, kick and ban each ask before they happen (the spec names the dialogs, not their words). */
const CONFIRM: Record<Confirmable, { title: string; description: (name: string) => string; label: string }> = {
  kick: {
    title: 'Kick Member',
    description: (name) => `Kick ${name} out of this room? They can join again if the room is public.`,
    label: 'Kick',
  },
  ban: {
    title: 'Ban Member',
    description: (name) => `Ban ${name} from this room? They are removed and cannot join or be invited again.`,
    label: 'Ban',
  },
  remove: {
    title: 'Remove Member',
    description: (name) => `Remove ${name} from this room?`,
    label: 'Remove',
  },
};

const BUSY: Record<Confirmable, string> = { kick: 'Kicking...', ban: 'Banning...', remove: 'Removing...' };

/** The standing a member's row stands for: the creator by created_by, else the membership's role. */
export const standingOfMember = (member: RoomMember): RoomRole | 'creator' =>
  member.isCreator ? 'creator' : member.role;

/**
 * The entries the viewer may use on this member, in the spec's order, each decided by the domain's rules with the
 * room's privacy (the server decides again): in a public room only the creator has any. Empty when the viewer may do
 * nothing to them.
 */
export function memberMenuEntries(
  room: { isPrivate: boolean },
  viewer: RoomStanding,
  member: RoomMember,
  isSelf: boolean,
): Entry[] {
  const target = { standing: standingOfMember(member), isSelf };
  const role = (to: RoomRole) => roleChangeRefusal(room, viewer, target, to) === null;
  const act = (action: MemberAction) => memberActionAllowed(room, viewer, target, action);
  const entries: Entry[] = [];
  if (role('moderator')) entries.push({ kind: 'role', label: 'Make Moderator', role: 'moderator' });
  if (role('admin')) {
    const label = member.role === 'moderator' ? 'Promote to Admin' : 'Make Admin';
    entries.push({ kind: 'role', label, role: 'admin' });
  }
  if (role('member')) entries.push({ kind: 'role', label: 'Demote to Member', role: 'member' });
  if (member.muted ? act('unmute') : act('mute')) {
    entries.push(
      member.muted
        ? { kind: 'action', label: 'Unmute Messages', action: 'unmute' }
        : { kind: 'action', label: 'Mute Messages', action: 'mute' },
    );
  }
  if (act('kick')) entries.push({ kind: 'action', label: 'Kick Member', action: 'kick' });
  if (act('ban')) entries.push({ kind: 'action', label: 'Ban Member', action: 'ban' });
  if (act('remove')) entries.push({ kind: 'action', label: 'Remove Member', action: 'remove' });
  return entries;
}

const itemClass =
  'flex cursor-pointer items-center rounded-sm px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-muted';

/** One member's menu (spec 3, section 2, "Member menu"); nothing at all when the viewer may do nothing to them. */
export function MemberMenu({
  room,
  member,
  isSelf,
  mutations,
}: {
  /**
   * The room as rooms.get answers it: the viewer's standing and the room's privacy, both kept current by the room's
   * live events, so a room made public or private changes the menu at once.
   */
  room: Pick<RoomDetails, 'id' | 'isPrivate' | 'standing'>;
  member: RoomMember;
  isSelf: boolean;
  /** From the panel, so a toast never depends on this row staying on screen. */
  mutations: ReturnType<typeof useMemberMutations>;
}) {
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const name = displayName(member);
  const roomId = room.id;
  const entries = memberMenuEntries(room, room.standing, member, isSelf);
  // Block is anyone's, whatever their standing in the room: beside the moderation menu, which stays the spec's.
  const block = isSelf ? null : <BlockButton target={{ id: member.userId, ...member }} label="hidden" />;
  if (entries.length === 0) return block;
  const { setRole, act } = mutations;
  const busy = setRole.isPending || act.isPending;
  const choose = (entry: Entry) => {
    if (entry.kind === 'role') setRole.mutate({ id: roomId, userId: member.userId, role: entry.role });
    else if (entry.action === 'mute' || entry.action === 'unmute') {
      act.mutate({ id: roomId, userId: member.userId, action: entry.action });
    } else setConfirming(entry.action);
  };
  const confirm = confirming ? CONFIRM[confirming] : null;

  return (
    <>
      {block}
      {/* Not modal: the confirm dialog it opens takes the focus and the pointer over from it. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button variant="ghost" size="icon" className="h-8 w-8 shrink-0" aria-label={`Actions for ${name}`}>
            <MoreVertical className="h-4 w-4" aria-hidden />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-44 rounded-md border bg-background p-1 shadow-md"
          >
            {entries.map((entry) => (
              <DropdownMenu.Item
                key={entry.label}
                className={
                  entry.kind === 'action' && entry.action !== 'mute' && entry.action !== 'unmute'
                    ? `${itemClass} text-destructive`
                    : itemClass
                }
                disabled={busy}
                onSelect={() => choose(entry)}
              >
                {entry.label}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Dialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        {confirm && confirming && (
          <DialogContent title={confirm.title} description={confirm.description(name)}>
            <div className="flex justify-end gap-2">
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button
                variant="destructive"
                disabled={act.isPending}
                onClick={() =>
                  void whenSucceeded(act.mutateAsync({ id: roomId, userId: member.userId, action: confirming }), () =>
                    setConfirming(null),
                  )
                }
              >
                {act.isPending ? BUSY[confirming] : confirm.label}
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
