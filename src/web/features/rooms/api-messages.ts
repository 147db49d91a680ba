import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { shownEmoji } from '../../../domain/emoji';
import {
  canInvite,
  canManageRoom,
  hasModerationRights,
  MEDIA_MESSAGES,
  ROOM_LIMITS,
  ROOM_MESSAGE_MESSAGES,
  ROOM_MESSAGES,
  typingNames,
  type MediaType,
  type RoomStanding,
} from '../../../domain/rooms';
import type { AppRouter } from '../../../server/router';
import { appCodeOf } from '../../lib/app-error';
import { catchUpOnStart, readAfresh } from '../../lib/live-cache';
import { withFeedback } from '../../lib/mutation-feedback';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useSession } from '../accounts/api';
import { applyBansEvent } from './api-rooms';

type Outputs = inferRouterOutputs<AppRouter>;
export type RoomPage = Outputs['roomMessages']['list'];
export type RoomMessage = RoomPage['messages'][number];
export type RoomReaction = RoomPage['reactions'][number];
export type RoomReceipt = RoomPage['receipts'][number];
export type RoomThread = Outputs['roomMessages']['thread'];
type RoomDetails = Outputs['rooms']['get'];
type LiveData<S> = S extends AsyncIterable<{ data: infer D }> ? D : never;
export type RoomLiveEvent = LiveData<Outputs['rooms']['events']>;

/** Oldest first, as the server orders a page. */
const bySentAt = (a: RoomMessage, b: RoomMessage) =>
  new Date(a.sentAt).getTime() - new Date(b.sentAt).getTime() || a.id.localeCompare(b.id);

/** Anything holding messages with their reactions and receipts: the room's page, or a thread. */
type PageLike = Pick<RoomPage, 'messages' | 'reactions' | 'receipts' | 'readCounts'>;

/** The page with `message` in it once (the send's answer and the live event may both bring it). */
function withMessage<P extends PageLike>(page: P, message: RoomMessage): P {
  if (page.messages.some((m) => m.id === message.id)) return page;
  return { ...page, messages: [...page.messages, message].sort(bySentAt) };
}

/** A changed message in place; replies showing it as their target show its new words. */
function withUpdated<P extends PageLike>(page: P, message: RoomMessage): P {
  return {
    ...page,
    messages: page.messages.map((m) =>
      m.id === message.id
        ? message
        : m.replyTo?.id === message.id
          ? { ...m, replyTo: { ...m.replyTo, content: message.content } }
          : m,
    ),
  };
}

/** A deleted message gone, with its reactions and receipts; a reply to it stays, without its target (set null). */
function withoutMessage<P extends PageLike>(page: P, messageId: string): P {
  return {
    ...page,
    messages: page.messages
      .filter((m) => m.id !== messageId)
      .map((m) => (m.replyTo?.id === messageId ? { ...m, replyTo: null, parentMessageId: null } : m)),
    reactions: page.reactions.filter((r) => r.messageId !== messageId),
    receipts: page.receipts.filter((r) => r.messageId !== messageId),
    readCounts: page.readCounts.filter((r) => r.messageId !== messageId),
  };
}

/** One user's reaction on a message as it is now (null: removed), if the page holds that message. */
function withReaction<P extends PageLike>(page: P, messageId: string, userId: string, emoji: string | null): P {
  if (!page.messages.some((m) => m.id === messageId)) return page;
  const others = page.reactions.filter((r) => !(r.messageId === messageId && r.userId === userId));
  return { ...page, reactions: emoji === null ? others : [...others, { messageId, userId, emoji: shownEmoji(emoji) }] };
}

/** A reader's receipts for a burst: each message they had not read yet gets them, and its count one more. */
function withReceipts<P extends PageLike>(page: P, event: Extract<RoomLiveEvent, { type: 'read' }>): P {
  const shown = new Set(page.messages.map((m) => m.id));
  const fresh = event.messageIds.filter(
    (id) => shown.has(id) && !page.receipts.some((r) => r.messageId === id && r.userId === event.userId),
  );
  if (fresh.length === 0) return page;
  const receipts = [
    ...page.receipts,
    ...fresh.map((messageId) => ({ messageId, userId: event.userId, readAt: event.readAt, ...event.reader })),
  ];
  const counts = new Map(page.readCounts.map((c) => [c.messageId, c.count]));
  for (const id of fresh) counts.set(id, (counts.get(id) ?? 0) + 1);
  return { ...page, receipts, readCounts: [...counts].map(([messageId, count]) => ({ messageId, count })) };
}

/** rooms.get after the viewer's own standing or the room changed: what they may do follows the domain's rules. */
function withStanding(room: RoomDetails, standing: RoomStanding, muted: boolean): RoomDetails {
  return {
    ...room,
    standing,
    isMember: standing !== 'outsider',
    canManage: canManageRoom(standing),
    canInvite: canInvite(room, standing),
    moderates: hasModerationRights(room, standing),
    muted: standing === 'outsider' ? false : muted,
  };
}

/** Whether a live subscription has started before, and how many events it has applied to the cache. */
function listenerProgress() {
  let started = false;
  let applied = 0;
  return {
    started: () => started,
    markStarted: () => void (started = true),
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
        queryClient.setQueryData(membersKey, (old) =>
          !old
            ? old
            : old.some((m) => m.userId === member.userId)
              ? old.map((m) => (m.userId === member.userId ? member : m))
              : [...old, member],
        );
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
  // members; at the first start the newest page replaces what the cache held from an earlier visit (a message deleted
  // meanwhile must not come back), after a reconnect it is merged with the older pages this listener kept current.
  // An event applied while those reads are out may be newer than what they bring back (a Join pressed as the page
  // opened, a message sent meanwhile): their answers would undo it, so they are made again, a few times at most.
  // A box the callbacks share, not a ref: they are built during render (react-hooks/refs).
  const [listened] = useState(listenerProgress);
  const readAgain = async () => {
    const first = !listened.started();
    for (let round = 0; round < CATCH_UP_ROUNDS; round += 1) {
      const applied = listened.applied();
      await Promise.all([
        readAfresh(queryClient, roomKey),
        readAfresh(queryClient, membersKey),
        readAfresh(queryClient, keys.threads),
        first
          ? readAfresh(queryClient, keys.page)
          : refreshNewest(queryClient, keys.page, () =>
              queryClient.fetchQuery(trpc.roomMessages.list.queryOptions({ roomId })),
            ),
      ]);
      if (listened.applied() === applied) return;
    }
  };
  const catchUp = catchUpOnStart(queryClient, [roomKey, membersKey, keys.page], () => {
    // A failed read keeps the page as it was (its query says so); the next reconnect reads again.
    readAgain().catch(() => undefined);
  });
  const onStarted = () => {
    catchUp();
    listened.markStarted();
  };
  const onData = (event: RoomLiveEvent) => {
    if (event.type !== 'typing') listened.countApplied();
    apply(event);
  };
  useSubscription(
    trpc.rooms.events.subscriptionOptions(
      { id: roomId },
      { enabled: mayRead, onData: ({ data }) => onData(data), onStarted },
    ),
  );
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
 * The newest page read again after a reconnect, keeping what was on screen when the two overlap (no gap between
 * them); when they do not (a long outage), the fresh page alone, and "Load earlier messages" fills in the rest.
 */
async function refreshNewest(queryClient: QueryClient, key: Keys['page'], fetch: () => Promise<RoomPage>) {
  const before = queryClient.getQueryData(key);
  await queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' });
  const fresh = await fetch();
  if (!before) return;
  const freshIds = new Set(fresh.messages.map((m) => m.id));
  const overlaps = fresh.messages.length < ROOM_LIMITS.messagePage || before.messages.some((m) => freshIds.has(m.id));
  if (!overlaps) return;
  const oldest = fresh.messages[0];
  const kept = before.messages.filter((m) => !freshIds.has(m.id) && (!oldest || bySentAt(m, oldest) < 0));
  const keptIds = new Set(kept.map((m) => m.id));
  queryClient.setQueryData(key, {
    messages: [...kept, ...fresh.messages],
    reactions: [...before.reactions.filter((r) => keptIds.has(r.messageId)), ...fresh.reactions],
    receipts: [...before.receipts.filter((r) => keptIds.has(r.messageId)), ...fresh.receipts],
    readCounts: [...before.readCounts.filter((r) => keptIds.has(r.messageId)), ...fresh.readCounts],
  });
}

/**
 * "Load earlier messages": the page before the oldest message shown, put in front of the room's page in the cache,
 * where the live events reach it too.
 */
export function useEarlierMessages(roomId: string, page: RoomPage | undefined) {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const keys = useKeys(roomId);
  const [state, setState] = useState<{ roomId: string; more: boolean | null }>({ roomId, more: null });
  const [loading, setLoading] = useState(false);
  if (state.roomId !== roomId) setState({ roomId, more: null });
  const more = state.roomId === roomId ? state.more : null;
  const hasEarlier = more ?? (page?.messages.length ?? 0) >= ROOM_LIMITS.messagePage;
  const load = useCallback(async () => {
    const oldest = page?.messages[0];
    if (!oldest || loading) return;
    setLoading(true);
    try {
      const earlier = await client.roomMessages.earlier.query({
        roomId,
        before: { sentAt: oldest.sentAt, id: oldest.id },
      });
      queryClient.setQueryData(keys.page, (old) => {
        if (!old) return old;
        const known = new Set(old.messages.map((m) => m.id));
        const add = earlier.messages.filter((m) => !known.has(m.id));
        const added = new Set(add.map((m) => m.id));
        const mine = <T extends { messageId: string }>(rows: T[]) => rows.filter((r) => added.has(r.messageId));
        return {
          messages: [...add, ...old.messages].sort(bySentAt),
          reactions: [...mine(earlier.reactions), ...old.reactions],
          receipts: [...mine(earlier.receipts), ...old.receipts],
          readCounts: [...mine(earlier.readCounts), ...old.readCounts],
        };
      });
      setState({ roomId, more: earlier.messages.length >= ROOM_LIMITS.messagePage });
    } catch {
      toast.error(ROOM_MESSAGE_MESSAGES.loadFailed);
    } finally {
      setLoading(false);
    }
  }, [client, queryClient, keys.page, page, roomId, loading]);
  return { hasEarlier, loading, load };
}

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
 * Marks others' messages read 1 s after the list last changed (spec 3, section 2): one call per burst, however many
 * arrived, and only while the page is visible (a hidden tab marks when it shows again).
 */
export function useAutoRead(roomId: string, newestOthersId: string | undefined, enabled: boolean) {
  const trpc = useTRPC();
  const { mutate } = useMutation(trpc.roomMessages.markRead.mutationOptions());
  const marked = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!enabled || !newestOthersId || marked.current === newestOthersId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const mark = () => {
      if (document.visibilityState !== 'visible') return;
      // Since the last mark: the server looks only at what came after it.
      const after = marked.current;
      marked.current = newestOthersId;
      mutate({ roomId, upTo: newestOthersId, after });
    };
    timer = setTimeout(mark, ROOM_LIMITS.autoReadMs);
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || marked.current === newestOthersId) return;
      clearTimeout(timer);
      timer = setTimeout(mark, ROOM_LIMITS.autoReadMs);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [roomId, newestOthersId, enabled, mutate]);
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
