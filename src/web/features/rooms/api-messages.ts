import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import {
  MEDIA_MESSAGES,
  ROOM_LIMITS,
  ROOM_MESSAGE_MESSAGES,
  ROOM_MESSAGES,
  typingNames,
  type MediaType,
  type RoomStanding,
} from '../../../domain/rooms';
import { appCodeOf } from '../../lib/app-error';
import { readAfresh } from '../../lib/live-cache';
import { withFeedback } from '../../lib/mutation-feedback';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useLiveSubscription } from '../../lib/use-live-subscription';
import { useEarlierPages } from '../../lib/chat/use-earlier-pages';
import { useReadScheduler } from '../../lib/chat/use-read-scheduler';
import { useSession } from '../accounts/api';
import { applyBansEvent } from './api-rooms';

import {
  withEarlierPage,
  withMember,
  withMessage,
  withNewestPage,
  withoutMessage,
  withReaction,
  withReceipts,
  withStanding,
  withUpdated,
  type PageLike,
  type RoomLiveEvent,
  type RoomMessage,
  type RoomPage,
  type RoomReaction,
  type RoomThread,
} from './rooms-cache';

export type { RoomLiveEvent, RoomMessage, RoomPage, RoomReaction, RoomReceipt, RoomThread } from './rooms-cache';

/** How many events a live subscription has applied to the cache. */
function listenerProgress() {
  let applied = 0;
  return {
    applied: () => applied,
    countApplied: () => void (applied += 1),
  };
}

/** How many times a catch-up reads again while live events keep landing during its reads. */
const CATCH_UP_ROUNDS = 3;

type Keys = {
  page: ReturnType<ReturnType<typeof useTRPC>['roomMessages']['list']['queryKey']>;
  threads: ReturnType<ReturnType<typeof useTRPC>['roomMessages']['thread']['pathKey']>;
};

/** Applies a change to the room's page and to every open thread of this room. */
function patchAll(queryClient: QueryClient, keys: Keys, roomId: string, patch: <P extends PageLike>(page: P) => P) {
  queryClient.setQueryData(keys.page, (old) => old && patch(old));
  queryClient.setQueriesData<RoomThread>({ queryKey: keys.threads }, (old) => {
    if (!old || old.parent.roomId !== roomId) return old;
    return patch(old);
  });
}

/** A changed message everywhere it shows, the parent of an open thread included. */
function updateMessage(queryClient: QueryClient, keys: Keys, message: RoomMessage) {
  patchAll(queryClient, keys, message.roomId, (p) => withUpdated(p, message));
  queryClient.setQueriesData<RoomThread>({ queryKey: keys.threads }, (old) =>
    old?.parent.id === message.id ? { ...old, parent: message } : old,
  );
}

/** A new message: on the room's page, and in its thread when it replies to an open thread's parent. */
function addMessage(queryClient: QueryClient, keys: Keys, message: RoomMessage) {
  queryClient.setQueryData(keys.page, (old) => old && withMessage(old, message));
  if (!message.parentMessageId) return;
  queryClient.setQueriesData<RoomThread>({ queryKey: keys.threads }, (old) =>
    old && old.parent.id === message.parentMessageId ? withMessage(old, message) : old,
  );
}

function useKeys(roomId: string): Keys {
  const trpc = useTRPC();
  return { page: trpc.roomMessages.list.queryKey({ roomId }), threads: trpc.roomMessages.thread.pathKey() };
}

/** Who is typing now: user id -> first name and when they said so. Entries older than 5 s are not shown. */
type TypingMap = ReadonlyMap<string, { name: string; at: number }>;

/** The names of those typing, refreshed every second while anyone is, so a stale notice goes away by itself. */
function useTypingNames(typing: TypingMap): string[] {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (typing.size === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [typing]);
  return typingNames([...typing.values()], now);
}

/**
 * The room's page: rooms.get, its newest messages, and ONE live subscription applying every event of the room to the
 * cache (messages, edits, deletions, reactions, receipts, typing, members, the room itself). What it carries is read
 * again only when it starts or reconnects (events may have been missed before it listened).
 */
/** The refusals that end a room's page: it does not exist, or is not open to the viewer. */
export const ROOM_PAGE_REFUSALS: ReadonlySet<string> = new Set(['ROOM_NOT_FOUND', 'ROOM_NO_ACCESS', 'ROOM_BANNED']);

export function useRoom(roomId: string, enabled: boolean, onMessageDeleted?: (messageId: string) => void) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { account } = useSession();
  const me = account?.id ?? '';
  const keys = useKeys(roomId);
  const roomKey = trpc.rooms.get.queryKey({ id: roomId });
  const membersKey = trpc.rooms.members.queryKey({ id: roomId });
  const room = useQuery({ ...trpc.rooms.get.queryOptions({ id: roomId }), enabled, retry: false });
  // Still reading while a catch-up read of the room fails (a flaky network); a refusal ends it.
  const mayRead = room.data !== undefined && !(room.isError && ROOM_PAGE_REFUSALS.has(appCodeOf(room.error) ?? ''));
  const page = useQuery({
    ...trpc.roomMessages.list.queryOptions({ roomId }),
    enabled: mayRead,
    retry: false,
    // The subscription keeps it current while the page is open; each visit reads it afresh.
    staleTime: Infinity,
    refetchOnMount: 'always',
  });
  const [typing, setTyping] = useState<TypingMap>(new Map());

  const apply = (event: RoomLiveEvent) => {
    // The Banned list takes a banned member from the members cache before 'member-left' below drops them.
    applyBansEvent(queryClient, trpc, roomId, event);
    switch (event.type) {
      case 'message':
        addMessage(queryClient, keys, event.message);
        setTyping((old) => without(old, event.message.senderId));
        return;
      case 'message-updated':
        return updateMessage(queryClient, keys, event.message);
      case 'message-deleted':
        onMessageDeleted?.(event.messageId);
        return patchAll(queryClient, keys, roomId, (p) => withoutMessage(p, event.messageId));
      case 'reaction':
        return patchAll(queryClient, keys, roomId, (p) => withReaction(p, event.messageId, event.userId, event.emoji));
      case 'read':
        return patchAll(queryClient, keys, roomId, (p) => withReceipts(p, event));
      case 'typing':
        if (event.userId === me) return;
        setTyping((old) => {
          if (!event.typing) return without(old, event.userId);
          const next = new Map(old);
          next.set(event.userId, { name: event.name, at: Date.now() });
          return next;
        });
        return;
      case 'member': {
        const { member } = event;
        queryClient.setQueryData(membersKey, (old) => old && withMember(old, member));
        if (member.userId === me) {
          const standing: RoomStanding = member.isCreator ? 'creator' : member.role;
          queryClient.setQueryData(roomKey, (old) => old && withStanding(old, standing, member.muted));
        }
        return;
      }
      case 'member-left':
        queryClient.setQueryData(membersKey, (old) => old?.filter((m) => m.userId !== event.userId));
        if (event.userId === me) {
          // Out of a private room, the room is closed to them: asked again, rooms.get answers "no access".
          if (queryClient.getQueryData(roomKey)?.isPrivate) void queryClient.invalidateQueries({ queryKey: roomKey });
          else queryClient.setQueryData(roomKey, (old) => old && withStanding(old, 'outsider', false));
        }
        return;
      case 'room-updated':
        queryClient.setQueryData(
          roomKey,
          (old) => old && withStanding({ ...old, ...event.room }, old.standing, old.muted),
        );
        return;
      case 'room-deleted':
        queryClient.removeQueries({ queryKey: roomKey });
        // The creator's own delete toasts the same text: one toast (same id).
        toast.success(ROOM_MESSAGES.deleted, { id: ROOM_MESSAGES.deleted });
        void navigate('/chat-rooms');
        return;
      case 'access-changed':
        // The server ends this stream if the viewer may no longer read; the page asks again who they are here.
        if (event.userIds === 'all' || event.userIds.includes(me)) {
          void queryClient.invalidateQueries({ queryKey: roomKey });
        }
        return;
    }
  };

  // What changed before the subscription listened, or while the connection was lost, is read again: the room and its
  // members, and the newest page, merged with what this visit wrote (older pages loaded meanwhile, kept current by
  // this listener) but replacing what an earlier visit left (a message deleted since must not come back).
  // An event applied while those reads are out may be newer than what they bring back (a Join pressed as the page
  // opened, a message sent meanwhile): their answers would undo it, so they are made again, a few times at most.
  // A box the callbacks share, not a ref: they are built during render (react-hooks/refs).
  const [listened] = useState(listenerProgress);
  const [openedAt] = useState(Date.now);
  const readAgain = async () => {
    for (let round = 0; round < CATCH_UP_ROUNDS; round += 1) {
      const applied = listened.applied();
      await Promise.all([
        readAfresh(queryClient, roomKey),
        readAfresh(queryClient, membersKey),
        readAfresh(queryClient, keys.threads),
        refreshNewest(queryClient, keys.page, () => client.roomMessages.list.query({ roomId }), openedAt),
      ]);
      if (listened.applied() === applied) return;
    }
  };
  // The room is read before its messages, so whether anything was read before the subscription listened is
  // whether the room or its members were.
  useLiveSubscription(trpc.rooms.events.subscriptionOptions({ id: roomId }, { enabled: mayRead }), {
    watched: [roomKey, membersKey],
    // A failed read keeps the page as it was (its query says so); the next reconnect reads again.
    catchUp: () => void readAgain().catch(() => undefined),
    onEvent: (event) => {
      if (event.type !== 'typing') listened.countApplied();
      apply(event);
    },
  });
  const typingNow = useTypingNames(typing);
  return { room, page, typing: typingNow };
}

function without(map: TypingMap, userId: string): TypingMap {
  if (!map.has(userId)) return map;
  const next = new Map(map);
  next.delete(userId);
  return next;
}

/**
 * The newest page read again, merged with what the cache holds when it arrives if this visit wrote it (a "Load earlier
 * messages" pressed while the read was out stays), else in its place; the page is the truth from its oldest message
 * on, and after a gap it alone is kept (withNewestPage). A read still out may predate the subscription: it is dropped.
 */
async function refreshNewest(
  queryClient: QueryClient,
  key: Keys['page'],
  fetch: () => Promise<RoomPage>,
  openedAt: number,
) {
  await queryClient.cancelQueries({ queryKey: key });
  const fresh = await fetch();
  const writtenThisVisit = (queryClient.getQueryState(key)?.dataUpdatedAt ?? 0) >= openedAt;
  queryClient.setQueryData(key, (held) =>
    held && writtenThisVisit ? withNewestPage(held, fresh, ROOM_LIMITS.messagePage) : fresh,
  );
}

/** "Load earlier messages" of the room (the chat kit's paging), into the room's page in the cache. */
export function useEarlierMessages(roomId: string, page: RoomPage | undefined) {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const keys = useKeys(roomId);
  const pageKey = keys.page;
  return useEarlierPages({
    chatId: roomId,
    messages: page?.messages,
    pageSizes: EARLIER_PAGE_SIZES,
    fetchBefore: useCallback(
      (oldest: RoomMessage) =>
        client.roomMessages.earlier.query({ roomId, before: { sentAt: oldest.sentAt, id: oldest.id } }),
      [client, roomId],
    ),
    pageLength: earlierPageLength,
    store: useCallback(
      (earlier: RoomPage) => queryClient.setQueryData(pageKey, (old) => old && withEarlierPage(old, earlier)),
      [queryClient, pageKey],
    ),
    onError: showLoadFailed,
  });
}

const EARLIER_PAGE_SIZES = { first: ROOM_LIMITS.messagePage, earlier: ROOM_LIMITS.messagePage };
const earlierPageLength = (page: RoomPage) => page.messages.length;
const showLoadFailed = () => toast.error(ROOM_MESSAGE_MESSAGES.loadFailed);

/** A thread: its parent and replies, kept current by the room's subscription (no subscription of its own). */
export function useThread(roomId: string, parentId: string | null) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.roomMessages.thread.queryOptions({ roomId, parentId: parentId ?? '' }),
    enabled: parentId !== null,
    retry: false,
    staleTime: Infinity,
    refetchOnMount: 'always',
  });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : '');

/**
 * A failed send's toast (spec 3, section 8): a GIF picked from Giphy "Failed to send GIF: {message}"; an uploaded
 * file whose message could not be posted with no server reason (the network dropped the call) "Failed to upload
 * media"; else "Failed to send message: {message}". `reason` is the server's, as the spec words it; a dropped call
 * has only its own message.
 */
function sendFailureText(
  media: { type: MediaType; url: string } | undefined,
  reason: string | undefined,
  error: unknown,
): string {
  // A picked GIF is sent by its Giphy address; an uploaded file (a GIF file too) by ours, /files/...
  const pickedGif = media?.type === 'gif' && /^https:/i.test(media.url);
  if (media && !pickedGif && reason === undefined) return MEDIA_MESSAGES.uploadMediaFailed;
  const message = reason ?? messageOf(error);
  if (pickedGif) return message ? MEDIA_MESSAGES.gifFailed(message) : MEDIA_MESSAGES.uploadMediaFailed;
  return message ? ROOM_MESSAGE_MESSAGES.sendFailedBecause(message) : ROOM_MESSAGE_MESSAGES.sendFailed;
}

/**
 * The room's mutations. None reads anything again: what they change comes back on the room's subscription, and each
 * answer is applied at once (deduplicated when the event brings it too).
 */
export function useRoomMessageMutations(roomId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const keys = useKeys(roomId);
  const me = useSession().account?.id ?? '';
  const patch = (fn: <P extends PageLike>(page: P) => P) => patchAll(queryClient, keys, roomId, fn);
  return {
    send: useMutation(
      withFeedback(
        trpc.roomMessages.send.mutationOptions({ onSuccess: (message) => addMessage(queryClient, keys, message) }),
        {
          failure: (error, variables, reason) => toast.error(sendFailureText(variables?.media, reason, error)),
          // The messages section words a send to a deleted room "Room not found" (the room's page: "Chat room not found").
          reasons: { ROOM_NOT_FOUND: ROOM_MESSAGE_MESSAGES.roomNotFound },
          signedOut: ROOM_MESSAGE_MESSAGES.signInToSend,
        },
      ),
    ),
    edit: useMutation(
      withFeedback(
        trpc.roomMessages.edit.mutationOptions({ onSuccess: (message) => updateMessage(queryClient, keys, message) }),
        {
          success: ROOM_MESSAGE_MESSAGES.edited,
          failure: ROOM_MESSAGE_MESSAGES.editFailed,
          reason: 'instead',
          signedOut: ROOM_MESSAGE_MESSAGES.signInToEdit,
        },
      ),
    ),
    remove: useMutation(
      withFeedback(
        trpc.roomMessages.delete.mutationOptions({
          onSuccess: ({ messageId }) => patch((p) => withoutMessage(p, messageId)),
        }),
        {
          success: ROOM_MESSAGE_MESSAGES.deleted,
          failure: ROOM_MESSAGE_MESSAGES.deleteFailed,
          reason: 'instead',
          signedOut: ROOM_MESSAGE_MESSAGES.signInToDelete,
        },
      ),
    ),
    react: useMutation(
      withFeedback(
        trpc.roomMessages.react.mutationOptions({
          onSuccess: ({ messageId, emoji }) => patch((p) => withReaction(p, messageId, me, emoji)),
        }),
        { failure: ROOM_MESSAGE_MESSAGES.sendFailed, reason: 'instead' },
      ),
    ),
    removeReaction: useMutation(
      withFeedback(trpc.roomMessages.removeReaction.mutationOptions(), {
        failure: ROOM_MESSAGE_MESSAGES.removeReactionFailed,
        reason: 'none',
      }),
    ),
  };
}

/**
 * Marks others' messages read 1 s after the list last changed (spec 3, section 2), through the chat kit's scheduler:
 * one call per burst, only while the page is visible.
 */
export function useAutoRead(roomId: string, newestOthersId: string | undefined, enabled: boolean) {
  const trpc = useTRPC();
  const { mutate } = useMutation(trpc.roomMessages.markRead.mutationOptions());
  const mark = useCallback(
    ({ upTo, after }: { upTo: string; after: string | undefined }) => mutate({ roomId, upTo, after }),
    [mutate, roomId],
  );
  useReadScheduler({ chatId: roomId, newestOthersId, enabled, delayMs: ROOM_LIMITS.autoReadMs, mark });
}

/**
 * Spec 3, section 5: stored reactions that are not emoji show as "?", and a clean-up pass deletes them. It runs once
 * per room visit, for a viewer with moderation rights (the server refuses anyone else), when the page shows one;
 * the deletions come back as live reaction events.
 */
export function useCorruptStickerCleanup(
  roomId: string,
  reactions: readonly RoomReaction[] | undefined,
  moderates: boolean,
) {
  const trpc = useTRPC();
  const { mutate } = useMutation(
    trpc.roomMessages.cleanupStickers.mutationOptions({
      onSuccess: ({ removed }) => {
        if (removed > 0) toast.success(ROOM_MESSAGE_MESSAGES.cleanedStickers(removed));
      },
    }),
  );
  const done = useRef<string | null>(null);
  const corrupt = reactions?.some((r) => r.emoji === '?') ?? false;
  useEffect(() => {
    if (!moderates || !corrupt || done.current === roomId) return;
    done.current = roomId;
    mutate({ roomId });
  }, [roomId, moderates, corrupt, mutate]);
}

/**
 * Announces typing (spec 3, section 4): true while typing, at most once a second; false 3 s after the last keystroke,
 * on blur and on send. Failures are ignored: a typing notice is a courtesy.
 */
export function useTypingAnnouncer(roomId: string, enabled: boolean) {
  const trpc = useTRPC();
  const { mutate } = useMutation(trpc.roomMessages.typing.mutationOptions());
  const lastSent = useRef(0);
  const typing = useRef(false);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stop = useCallback(() => {
    clearTimeout(clearTimer.current);
    if (!typing.current) return;
    typing.current = false;
    lastSent.current = 0;
    mutate({ roomId, typing: false });
  }, [mutate, roomId]);
  const keystroke = useCallback(() => {
    if (!enabled) return;
    const now = Date.now();
    if (!typing.current || now - lastSent.current >= 1000) {
      typing.current = true;
      lastSent.current = now;
      mutate({ roomId, typing: true });
    }
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(stop, ROOM_LIMITS.typingClearMs);
  }, [enabled, mutate, roomId, stop]);
  useEffect(() => stop, [stop]);
  return useMemo(() => ({ keystroke, stop }), [keystroke, stop]);
}
