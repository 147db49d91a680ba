import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useMemo, useState } from 'react';
import { toast } from '../../lib/toast';
import { MEMBER_MESSAGES, ROOM_LIMITS, ROOM_MESSAGES, type MemberAction } from '../../../domain/rooms';
import type { AppRouter } from '../../../server/router';
import { appCodeOf } from '../../lib/app-error';
import { rereadIfInFlight } from '../../lib/live-cache';
import { withFeedback } from '../../lib/mutation-feedback';
import { toastFailure } from '../../lib/network-error';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useLiveSubscription } from '../../lib/use-live-subscription';
import { useSession } from '../accounts/api';
import { useBlockedIds } from '../blocks/api';
import { withMember, withStanding, type RoomDetails, type RoomLiveEvent } from './rooms-cache';

type Outputs = inferRouterOutputs<AppRouter>['rooms'];
export type RoomSummary = Outputs['list'][number];
export type { RoomDetails } from './rooms-cache';
export type RoomMember = Outputs['members'][number];
export type FoundUser = Outputs['searchUsers'][number];
export type RoomBan = Outputs['bans'][number];
/** One change of the rooms list, as rooms.listEvents sends it (already decided for this viewer by the server). */
export type RoomListEvent = Outputs['listEvents'] extends AsyncIterable<{ data: infer D }> ? D : never;

/** Newest first, as the server orders the list: by creation, then by id. */
const newerFirst = (a: Pick<RoomSummary, 'createdAt' | 'id'>, b: Pick<RoomSummary, 'createdAt' | 'id'>) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

/**
 * One list of rooms with a live change applied. A room that sorts after the end of a list that continues on the
 * server (`more`) is left for Load More to bring: placing it here would make it the cursor and skip the rooms between.
 * A private room made so keeps its card only for members (its new name is not sent: the card keeps the one it had).
 * `blocked`: the viewer's blocked members, whose messages are folded on screen and so do not count as unread.
 */
export function withRoomListEvent(
  rooms: RoomSummary[],
  event: RoomListEvent,
  more: boolean,
  blocked: ReadonlySet<string> = new Set(),
): RoomSummary[] {
  switch (event.type) {
    case 'room-added': {
      const rest = rooms.filter((r) => r.id !== event.room.id);
      const last = rest.at(-1);
      if (more && last && newerFirst(last, event.room) < 0) return rest;
      return [...rest, { unread: 0, ...event.room }].sort(newerFirst);
    }
    case 'room-updated':
      return rooms.map((r) => (r.id === event.room.id ? { ...r, ...event.room } : r));
    case 'room-made-private':
      return rooms.flatMap((r) => (r.id !== event.roomId ? [r] : r.isMember ? [{ ...r, isPrivate: true }] : []));
    case 'room-removed':
      return rooms.filter((r) => r.id !== event.roomId);
    // Unread counts: set by a read on any of the viewer's tabs, one more for each message of someone else.
    case 'unread':
      return rooms.map((r) => (r.id === event.roomId ? { ...r, unread: event.unread } : r));
    case 'room-message':
      if (blocked.has(event.senderId)) return rooms;
      return rooms.map((r) => (r.id === event.roomId && r.isMember ? { ...r, unread: r.unread + 1 } : r));
  }
}

/** The rooms list, newest first (the server's order). */
export function useRooms() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.rooms.list.queryOptions(), retry: false });
}

/**
 * The rooms grid: the first page (the cached query) and older pages asked on Load More, after the oldest room shown,
 * both kept current by the list's live events and by the viewer's own mutations. Each room once, newest first.
 */
export function useRoomsListing() {
  const client = useTRPCClient();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const listKey = trpc.rooms.list.queryKey();
  const first = useRooms();
  const [older, setOlder] = useState<RoomSummary[]>([]);
  const [more, setMore] = useState<boolean | null>(null);
  const [fetching, setFetching] = useState(false);
  const rooms = useMemo(() => {
    const seen = new Set<string>();
    return [...(first.data ?? []), ...older].filter((room) => !seen.has(room.id) && Boolean(seen.add(room.id)));
  }, [first.data, older]);
  const hasNextPage = more ?? (first.data?.length ?? 0) >= ROOM_LIMITS.roomPage;
  const blocked = useBlockedIds();
  useRoomListEvents((event) => {
    const page = first.data;
    const last = page?.at(-1);
    // A room added that sorts after the first page belongs to the older pages when they are loaded.
    const added = event.type === 'room-added';
    const toOlder = added && older.length > 0 && last !== undefined && newerFirst(last, event.room) < 0;
    if (!added || toOlder) {
      setOlder((known) => (known.length === 0 ? known : withRoomListEvent(known, event, hasNextPage, blocked)));
    }
    if (!added || !toOlder) {
      // Without older pages loaded, a full first page continues on the server.
      const continues = older.length === 0 && (page?.length ?? 0) >= ROOM_LIMITS.roomPage;
      queryClient.setQueryData(listKey, (old) => old && withRoomListEvent(old, event, continues, blocked));
    }
  });
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

/**
 * The rooms list's live changes (rooms.listEvents): public rooms created, renamed, made public or private, deleted,
 * and the viewer's private rooms as they are added to them or leave. Member counts are those each card came with.
 * When it starts, and after a reconnect, a list read before is read again (changes may have been missed meanwhile).
 */
function useRoomListEvents(apply: (event: RoomListEvent) => void) {
  const trpc = useTRPC();
  const listKey = trpc.rooms.list.queryKey();
  useLiveSubscription(trpc.rooms.listEvents.subscriptionOptions({}), { watched: [listKey], onEvent: apply });
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

/**
 * The rooms list's and the room's own mutations. None of them reads anything again: the room's live subscription
 * carries the room's changes and the list's carries the list's, and each answer is applied to the cache at once (the
 * subscriptions may not have started yet, or the list may not be open).
 */
export function useRoomMutations() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { account } = useSession();
  const listKey = trpc.rooms.list.queryKey();
  /** The viewer's own card in the list after joining or leaving (a private room left leaves the list). */
  const patchListed = (id: string, isMember: boolean) => {
    queryClient.setQueryData(listKey, (old) =>
      old?.flatMap((r) => {
        if (r.id !== id || r.isMember === isMember) return [r];
        if (!isMember && r.isPrivate) return [];
        return [{ ...r, isMember, memberCount: Math.max(0, r.memberCount + (isMember ? 1 : -1)) }];
      }),
    );
    rereadIfInFlight(queryClient, listKey);
  };
  const upsertMember = (id: string, member: RoomMember) =>
    queryClient.setQueryData(trpc.rooms.members.queryKey({ id }), (old) => old && withMember(old, member));
  /** The viewer's standing after joining or leaving; a read of the room still out left the database before it. */
  const setStanding = (id: string, change: (room: RoomDetails) => RoomDetails) => {
    const roomKey = trpc.rooms.get.queryKey({ id });
    queryClient.setQueryData(roomKey, (old) => old && change(old));
    rereadIfInFlight(queryClient, roomKey);
  };
  const dropMember = (id: string, userId: string) =>
    queryClient.setQueryData(trpc.rooms.members.queryKey({ id }), (old) => old?.filter((m) => m.userId !== userId));

  return {
    create: useMutation(
      withFeedback(
        trpc.rooms.create.mutationOptions({
          onSuccess: (room) =>
            queryClient.setQueryData(
              listKey,
              (old) =>
                old &&
                withRoomListEvent(
                  old,
                  { type: 'room-added', room: { ...room, memberCount: 1, isMember: true } },
                  false,
                ),
            ),
        }),
        {
          success: ROOM_MESSAGES.created,
          failure: ROOM_MESSAGES.createFailed,
          signedOut: ROOM_MESSAGES.signInToCreate,
        },
      ),
    ),
    update: useMutation(
      withFeedback(
        trpc.rooms.update.mutationOptions({
          onSuccess: (room) => {
            queryClient.setQueryData(
              trpc.rooms.get.queryKey({ id: room.id }),
              (old) => old && withStanding({ ...old, ...room }, old.standing),
            );
            queryClient.setQueryData(listKey, (old) => old?.map((r) => (r.id === room.id ? { ...r, ...room } : r)));
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
            setStanding(id, (old) => withStanding(old, member.role, member.muted));
            patchListed(id, true);
          },
        }),
        { failure: MEMBER_MESSAGES.addFailed, signedOut: MEMBER_MESSAGES.authRequired },
      ),
    ),
    leave: useMutation(
      withFeedback(
        trpc.rooms.leave.mutationOptions({
          onSuccess: ({ id }) => {
            if (account) dropMember(id, account.id);
            setStanding(id, (old) => withStanding(old, 'outsider'));
            patchListed(id, false);
          },
        }),
        { failure: MEMBER_MESSAGES.removeFailed, signedOut: MEMBER_MESSAGES.authRequired },
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
        signedOut: MEMBER_MESSAGES.authRequired,
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
        {
          success: MEMBER_MESSAGES.roleUpdated,
          failure: MEMBER_MESSAGES.roleFailed,
          reason: 'none',
          signedOut: MEMBER_MESSAGES.authRequired,
        },
      ),
    ),
    act: useMutation(
      withFeedback(
        trpc.rooms.memberAction.mutationOptions({
          // The member as the list shows them before the action: the room's live event may drop them from it before
          // this answer comes, and a ban moves them into the Banned list.
          onMutate: ({ userId }) => ({
            before: queryClient.getQueryData(membersKey)?.find((m) => m.userId === userId),
          }),
          onSuccess: (member, { userId, action }, context) => {
            if (action === 'ban' && context?.before) addBan(queryClient, trpc, roomId, context.before);
            queryClient.setQueryData(membersKey, (old) =>
              member
                ? old?.map((m) => (m.userId === member.userId ? member : m))
                : old?.filter((m) => m.userId !== userId),
            );
          },
        }),
        {
          // The spec names no texts for mute (kick, ban and mute are made real beyond it): these are ours.
          success: (_member, { action }) =>
            action === 'mute' ? MUTE_TEXTS.muted : action === 'unmute' ? MUTE_TEXTS.unmuted : MEMBER_MESSAGES.removed,
          // The failure's text depends on the action.
          failure: (error, variables) =>
            toastFailure(
              variables && isMute(variables.action) ? MEMBER_MESSAGES.roleFailed : MEMBER_MESSAGES.removeFailed,
              error,
            ),
          signedOut: MEMBER_MESSAGES.authRequired,
        },
      ),
    ),
  };
}

/** A member just banned, into the room's Banned list when it is loaded (newest first, as the server lists them). */
function addBan(queryClient: QueryClient, trpc: ReturnType<typeof useTRPC>, roomId: string, member: RoomMember) {
  const ban: RoomBan = {
    userId: member.userId,
    firstName: member.firstName,
    lastName: member.lastName,
    avatarUrl: member.avatarUrl,
    bannedAt: new Date().toISOString(),
  };
  queryClient.setQueryData(
    trpc.rooms.bans.queryKey({ id: roomId }),
    (old) => old && [ban, ...old.filter((b) => b.userId !== ban.userId)],
  );
}

/**
 * The Banned list's share of the room's live events: a member banned moves into it from the members list held in
 * the cache (so this runs before the members list drops them), an unban takes the row out. Only a loaded list
 * changes; nothing is read again. For the room's one subscription (api-messages.ts useRoom) to call on every event.
 */
export function applyBansEvent(
  queryClient: QueryClient,
  trpc: ReturnType<typeof useTRPC>,
  roomId: string,
  event: RoomLiveEvent,
) {
  if (event.type === 'member-unbanned') {
    queryClient.setQueryData(trpc.rooms.bans.queryKey({ id: roomId }), (old) =>
      old?.filter((b) => b.userId !== event.userId),
    );
  } else if (event.type === 'member-left' && event.reason === 'banned') {
    const member = queryClient
      .getQueryData(trpc.rooms.members.queryKey({ id: roomId }))
      ?.find((m) => m.userId === event.userId);
    if (member) addBan(queryClient, trpc, roomId, member);
  }
}

/** The members panel's Banned section (the creator's and room admins' only: the server refuses anyone else). */
export function useRoomBans(roomId: string, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.rooms.bans.queryOptions({ id: roomId }), enabled, retry: false });
}

/** Unban: the row leaves the Banned list at once; the toast does not depend on the row staying on screen. */
export function useUnban(roomId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    withFeedback(
      trpc.rooms.unban.mutationOptions({
        onSuccess: ({ userId }) =>
          queryClient.setQueryData(trpc.rooms.bans.queryKey({ id: roomId }), (old) =>
            old?.filter((b) => b.userId !== userId),
          ),
      }),
      {
        success: MEMBER_MESSAGES.unbanned,
        failure: MEMBER_MESSAGES.unbanFailed,
        signedOut: MEMBER_MESSAGES.authRequired,
      },
    ),
  );
}
