import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import {
  canInvite,
  MEMBER_MESSAGES,
  ROOM_LIMITS,
  ROOM_MESSAGES,
  type MemberAction,
  type RoomStanding,
} from '../../../domain/rooms';
import type { AppRouter } from '../../../server/router';
import { appCodeOf } from '../../lib/app-error';
import { withFeedback } from '../../lib/mutation-feedback';
import { toastFailure } from '../../lib/network-error';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useSession } from '../accounts/api';

type Outputs = inferRouterOutputs<AppRouter>['rooms'];
export type RoomSummary = Outputs['list'][number];
/** One room as its page shows it, with the viewer's standing and what they may do (rooms.get). */
export type RoomDetails = Outputs['get'];
export type RoomMember = Outputs['members'][number];
export type FoundUser = Outputs['searchUsers'][number];

/** The rooms list, newest first (the server's order). */
export function useRooms() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.rooms.list.queryOptions(), retry: false });
}

/**
 * The rooms grid: the first page (the cached query, read again after a create, join or leave) and older pages asked
 * on Load More, after the oldest room shown. Each room once, newest first.
 */
export function useRoomsListing() {
  const client = useTRPCClient();
  const first = useRooms();
  const [older, setOlder] = useState<RoomSummary[]>([]);
  const [more, setMore] = useState<boolean | null>(null);
  const [fetching, setFetching] = useState(false);
  const rooms = useMemo(() => {
    const seen = new Set<string>();
    return [...(first.data ?? []), ...older].filter((room) => !seen.has(room.id) && Boolean(seen.add(room.id)));
  }, [first.data, older]);
  const hasNextPage = more ?? (first.data?.length ?? 0) >= ROOM_LIMITS.roomPage;
  const fetchNextPage = async () => {
    const oldest = rooms.at(-1);
    if (!oldest || fetching) return;
    setFetching(true);
    try {
      const page = await client.rooms.list.query({ before: { createdAt: oldest.createdAt, id: oldest.id } });
      setOlder((known) => [...known, ...page]);
      setMore(page.length >= ROOM_LIMITS.roomPage);
    } catch (error) {
      toast.error(ROOM_MESSAGES.loadFailed(error instanceof Error ? error.message : String(error)));
    } finally {
      setFetching(false);
    }
  };
  return { query: first, rooms, hasNextPage, isFetchingNextPage: fetching, fetchNextPage };
}

/** The members panel's list; the room's live subscription (api-messages.ts) keeps it current. */
export function useRoomMembers(id: string, enabled = true) {
  const trpc = useTRPC();
  // Spec 3, section 7: the member query retries 3 times at 1 s intervals.
  return useQuery({ ...trpc.rooms.members.queryOptions({ id }), enabled, retry: 3, retryDelay: 1000 });
}

/** The invite dialog's search (first or last name, partial; the server leaves out the caller and stops at 50). */
export function useUserSearch(query: string) {
  const trpc = useTRPC();
  const text = query.trim();
  return useQuery({
    ...trpc.rooms.searchUsers.queryOptions({ query: text }),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** rooms.get after the viewer's standing changed (joined, left): what they may do follows the domain's rules. */
function withStanding(room: RoomDetails, standing: RoomStanding): RoomDetails {
  return {
    ...room,
    standing,
    isMember: standing !== 'outsider',
    canInvite: canInvite(room, standing),
    muted: standing === 'outsider' ? false : room.muted,
  };
}

/**
 * The rooms list's and the room's own mutations. None of them reads rooms.get or rooms.members again: the room's
 * live subscription carries those changes, and each answer is applied to the cache at once (the subscription may not
 * have started yet). Only the list, which has no live feed, is read again.
 */
export function useRoomMutations() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { account } = useSession();
  const listKey = trpc.rooms.list.queryKey();
  const refreshList = () => queryClient.invalidateQueries({ queryKey: listKey });
  const upsertMember = (id: string, member: RoomMember) =>
    queryClient.setQueryData(trpc.rooms.members.queryKey({ id }), (old) => {
      if (!old) return old;
      return old.some((m) => m.userId === member.userId)
        ? old.map((m) => (m.userId === member.userId ? member : m))
        : [...old, member];
    });
  const dropMember = (id: string, userId: string) =>
    queryClient.setQueryData(trpc.rooms.members.queryKey({ id }), (old) => old?.filter((m) => m.userId !== userId));

  return {
    create: useMutation(
      withFeedback(trpc.rooms.create.mutationOptions({ onSuccess: () => refreshList() }), {
        success: ROOM_MESSAGES.created,
        failure: ROOM_MESSAGES.createFailed,
      }),
    ),
    update: useMutation(
      withFeedback(
        trpc.rooms.update.mutationOptions({
          onSuccess: (room) => {
            queryClient.setQueryData(
              trpc.rooms.get.queryKey({ id: room.id }),
              (old) => old && withStanding({ ...old, ...room }, old.standing),
            );
            void refreshList();
          },
        }),
        { success: ROOM_MESSAGES.updated, failure: ROOM_MESSAGES.updateFailed, reason: 'none' },
      ),
    ),
    remove: useMutation(
      withFeedback(
        trpc.rooms.delete.mutationOptions({
          onSuccess: ({ id }) => {
            queryClient.removeQueries({ queryKey: trpc.rooms.get.queryKey({ id }) });
            queryClient.removeQueries({ queryKey: trpc.rooms.members.queryKey({ id }) });
            queryClient.setQueryData(listKey, (old) => old?.filter((r) => r.id !== id));
            void refreshList();
          },
        }),
        { success: ROOM_MESSAGES.deleted, failure: ROOM_MESSAGES.deleteFailed, reason: 'none' },
      ),
    ),
    join: useMutation(
      withFeedback(
        trpc.rooms.join.mutationOptions({
          onSuccess: (member, { id }) => {
            upsertMember(id, member);
            queryClient.setQueryData(trpc.rooms.get.queryKey({ id }), (old) => old && withStanding(old, member.role));
            void refreshList();
          },
        }),
        { failure: MEMBER_MESSAGES.addFailed },
      ),
    ),
    leave: useMutation(
      withFeedback(
        trpc.rooms.leave.mutationOptions({
          onSuccess: ({ id }) => {
            if (account) dropMember(id, account.id);
            queryClient.setQueryData(trpc.rooms.get.queryKey({ id }), (old) => old && withStanding(old, 'outsider'));
            void refreshList();
          },
        }),
        { failure: MEMBER_MESSAGES.removeFailed },
      ),
    ),
  };
}

/** The Invite dialog's add: "User added to room successfully!", or why not in the spec's words. */
export function useAddMember(roomId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    withFeedback(
      trpc.rooms.addMember.mutationOptions({
        onSuccess: (member) =>
          queryClient.setQueryData(trpc.rooms.members.queryKey({ id: roomId }), (old) =>
            old && !old.some((m) => m.userId === member.userId) ? [...old, member] : old,
          ),
      }),
      {
        success: MEMBER_MESSAGES.addedToRoom,
        failure: (error) => {
          const code = appCodeOf(error);
          if (code === 'ROOM_ALREADY_MEMBER') toast.error(MEMBER_MESSAGES.alreadyMember);
          else if (code === 'ROOM_CANNOT_ADD') toast.error(MEMBER_MESSAGES.unableToAdd);
          else toastFailure(MEMBER_MESSAGES.addToRoomFailed, error);
        },
      },
    ),
  );
}

const isMute = (action: MemberAction) => action === 'mute' || action === 'unmute';

export const MUTE_TEXTS = { muted: 'Member muted', unmuted: 'Member unmuted' } as const;

/** The member menu's role changes and actions; each answer (the member as they are now, or gone) goes to the cache. */
export function useMemberMutations(roomId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const membersKey = trpc.rooms.members.queryKey({ id: roomId });
  return {
    setRole: useMutation(
      withFeedback(
        trpc.rooms.setRole.mutationOptions({
          onSuccess: (member) =>
            queryClient.setQueryData(membersKey, (old) => old?.map((m) => (m.userId === member.userId ? member : m))),
        }),
        { success: MEMBER_MESSAGES.roleUpdated, failure: MEMBER_MESSAGES.roleFailed, reason: 'none' },
      ),
    ),
    act: useMutation(
      withFeedback(
        trpc.rooms.memberAction.mutationOptions({
          onSuccess: (member, { userId }) =>
            queryClient.setQueryData(membersKey, (old) =>
              member
                ? old?.map((m) => (m.userId === member.userId ? member : m))
                : old?.filter((m) => m.userId !== userId),
            ),
          // The failure's text depends on the action: told here, where it is known.
          onError: (error, { action }) =>
            toastFailure(isMute(action) ? MEMBER_MESSAGES.roleFailed : MEMBER_MESSAGES.removeFailed, error),
        }),
        {
          // The spec names no texts for mute (kick, ban and mute are made real beyond it): these are ours.
          success: (_member, { action }) =>
            action === 'mute' ? MUTE_TEXTS.muted : action === 'unmute' ? MUTE_TEXTS.unmuted : MEMBER_MESSAGES.removed,
        },
      ),
    ),
  };
}
