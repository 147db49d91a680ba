import { sql } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import type { Db } from '../db/database';
import { announceSessionEnded } from './session-ended';
import { channels } from './channels';
import type { EventBus } from './event-bus';
import { SESSION_ENDED_CLOSE_CODE } from '../../domain/live-session';

/** How often the open sockets' sessions are checked against the database (any path that deletes a session row). */
export const SESSION_CHECK_MS = 500;
/** Live subscriptions one socket may hold (a page needs a handful; a tab with many avatars a few more). */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 100;
/** Unsent data a socket may hold before the server gives up on it: a client that stopped reading. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/**
 * A revoked socket is refused at once but closed a moment later, so the "signed out" notice the tab's session
 * subscription is about to send reaches it (the tab then shows it signed out instead of only losing its socket).
 */
const CLOSE_GRACE_MS = 150;
/**
 * Open sockets one client address may hold. Generous: a school or a family shares one address (40 students with a
 * few tabs each), and the e2e suite runs every browser from 127.0.0.1. It stops one machine holding thousands.
 */
export const MAX_SOCKETS_PER_ADDRESS = 200;
/** Open sockets one signed-in user may hold: one per tab, so far more tabs than a person keeps open. */
export const MAX_SOCKETS_PER_USER = 20;
/**
 * A socket holding no subscription for this long is closed: the web opens its socket only for live updates (and
 * closes it itself 10 s after the last one ends), so an idle socket is only an attacker holding a slot.
 */
export const IDLE_SOCKET_MS = 60_000;
export { SESSION_ENDED_CLOSE_CODE };
export const SLOW_CONSUMER_CLOSE_CODE = 4008;
export const IDLE_CLOSE_CODE = 4009;
/** The user already holds MAX_SOCKETS_PER_USER sockets (an address over its cap is refused before the upgrade). */
export const TOO_MANY_SOCKETS_CLOSE_CODE = 4029;
/**
 * Calls one frame may carry. The client batches what goes out together (a reconnect resends every subscription, at
 * most MAX_SUBSCRIPTIONS_PER_SOCKET, and the calls in flight); a frame of thousands of queries, each run at once, is
 * an attack, not a page: the socket is closed.
 */
export const MAX_CALLS_PER_FRAME = MAX_SUBSCRIPTIONS_PER_SOCKET + 50;
export const TOO_MANY_CALLS_CLOSE_CODE = 4013;
export const TOO_MANY_SOCKETS_REASON = 'Too many connections';

/** One open tRPC WebSocket: its session (once known), whether that session still holds, and its subscriptions. */
export interface LiveSocket {
  readonly socket: WebSocket;
  /**
   * Ties the socket to the session its handshake carried; a socket without a session stays anonymous. A user over
   * MAX_SOCKETS_PER_USER has this socket refused and closed.
   */
  attach(session: { sessionId: string; userId: string }): void;
  /** False once the session was signed out, revoked or deleted: every operation is then refused. */
  isLive(): boolean;
  /** Claims a subscription slot; false when the socket holds the maximum. Call `release` when it ends. */
  claimSubscription(): boolean;
  releaseSubscription(): void;
}

export interface LiveSockets {
  /** Whether `address` may open one more socket (asked before the upgrade, to answer 429 instead). */
  admits(address: string): boolean;
  /**
   * Tracks a socket from its handshake to its close; its sends are watched for a reader that stopped reading, and it
   * is closed if it holds no subscription for IDLE_SOCKET_MS. An address over its cap (two upgrades racing past
   * `admits`) has the socket closed at once.
   */
  open(socket: WebSocket, address: string): LiveSocket;
  of(socket: WebSocket): LiveSocket | undefined;
  /** Checks every open socket's session now (after a path known to delete sessions). */
  checkNow(): Promise<void>;
  close(): void;
}

/**
 * Every open socket by session, so that a session's end reaches its sockets within a second on every server:
 * a "signed out" event on the session's channel ends it at once (published through the bus, so on all servers);
 * a "sessions changed" event or a periodic query over the open sockets' session ids catches every other path that
 * deletes session rows (better-auth's bulk deletes on password change, user deletion cascading).
 */
export function createLiveSockets({ db, bus, log }: { db: Db; bus: EventBus; log: (error: unknown) => void }) {
  const bySocket = new WeakMap<WebSocket, LiveSocket>();
  const bySession = new Map<string, { sockets: Set<Entry>; stop: AbortController }>();
  // Open sockets per address and per user; an entry leaves with its last socket, so both follow the open sockets.
  const byAddress = new Map<string, number>();
  const byUser = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1).get(key)!;
  const remove = (counts: Map<string, number>, key: string) => {
    const left = (counts.get(key) ?? 1) - 1;
    if (left > 0) counts.set(key, left);
    else counts.delete(key);
  };
  const stop = new AbortController();

  interface Entry extends LiveSocket {
    revoke(): void;
  }

  function endSession(sessionId: string) {
    const held = bySession.get(sessionId);
    if (!held) return;
    bySession.delete(sessionId);
    held.stop.abort();
    for (const entry of held.sockets) entry.revoke();
  }

  function watchSession(sessionId: string, entry: Entry) {
    const held = bySession.get(sessionId);
    if (held) {
      held.sockets.add(entry);
      return;
    }
    const watch = { sockets: new Set([entry]), stop: new AbortController() };
    bySession.set(sessionId, watch);
    void (async () => {
      try {
        for await (const event of bus.subscribe(channels.session(sessionId), { signal: watch.stop.signal })) {
          if (event.data.type === 'signed-out') endSession(sessionId);
        }
      } catch (error) {
        log(error);
      }
    })();
  }

  function unwatch(sessionId: string, entry: Entry) {
    const held = bySession.get(sessionId);
    if (!held) return;
    held.sockets.delete(entry);
    if (held.sockets.size === 0) {
      bySession.delete(sessionId);
      held.stop.abort();
    }
  }

  let checking: Promise<void> | null = null;
  let pending = false;
  async function check(): Promise<void> {
    const ids = [...bySession.keys()];
    if (ids.length === 0) return;
    // One array parameter, whatever the number of sockets (a list of parameters would be capped at 65535).
    const result = await db.execute<{ id: string }>(
      sql`select id from sessions where id = any(${sql.param(ids)}::text[]) and expires_at > now()`,
    );
    const alive = new Set(result.rows.map((r) => r.id));
    for (const id of ids) {
      if (alive.has(id)) continue;
      // Tabs of other servers hear it too: their sockets of this session close as well.
      announceSessionEnded(bus, id);
      endSession(id);
    }
  }
  /** One check at a time; a request during a check runs one more after it, which sees its deletions. */
  function checkNow(): Promise<void> {
    if (checking) {
      pending = true;
      return checking;
    }
    checking = check()
      .catch(log)
      .finally(() => {
        checking = null;
        if (pending) {
          pending = false;
          void checkNow();
        }
      });
    return checking;
  }

  const timer = setInterval(() => void (bySession.size > 0 && !checking && checkNow()), SESSION_CHECK_MS);
  timer.unref();
  void (async () => {
    try {
      for await (const _event of bus.subscribe(channels.sessionsChanged, { signal: stop.signal })) void checkNow();
    } catch (error) {
      log(error);
    }
  })();

  const registry: LiveSockets = {
    admits: (address) => (byAddress.get(address) ?? 0) < MAX_SOCKETS_PER_ADDRESS,
    open(socket, address) {
      let sessionId: string | null = null;
      let userId: string | null = null;
      let live = true;
      let closed = false;
      let subscriptions = 0;
      let idle: NodeJS.Timeout | null = null;
      const watchIdle = () => {
        idle = setTimeout(() => socket.close(IDLE_CLOSE_CODE, 'Idle'), IDLE_SOCKET_MS);
        idle.unref();
      };
      const refuse = () => {
        live = false;
        socket.close(TOO_MANY_SOCKETS_CLOSE_CODE, TOO_MANY_SOCKETS_REASON);
      };
      const entry: Entry = {
        socket,
        attach(session) {
          // The session is read after the handshake: the socket may already be gone.
          if (closed || !live) return;
          userId = session.userId;
          if (add(byUser, userId) > MAX_SOCKETS_PER_USER) return refuse();
          sessionId = session.sessionId;
          watchSession(sessionId, entry);
        },
        isLive: () => live,
        claimSubscription() {
          if (subscriptions >= MAX_SUBSCRIPTIONS_PER_SOCKET) return false;
          subscriptions++;
          if (idle) clearTimeout(idle);
          idle = null;
          return true;
        },
        releaseSubscription() {
          subscriptions = Math.max(0, subscriptions - 1);
          if (subscriptions === 0 && !closed && !idle) watchIdle();
        },
        revoke() {
          live = false;
          setTimeout(() => socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended'), CLOSE_GRACE_MS).unref();
        },
      };
      bySocket.set(socket, entry);
      if (add(byAddress, address) > MAX_SOCKETS_PER_ADDRESS) refuse();
      else watchIdle();
      // tRPC writes every reply with send(); a client that stops reading would make the server buffer without end.
      const send = socket.send.bind(socket) as (...args: unknown[]) => void;
      (socket as { send: (...args: unknown[]) => void }).send = (...args) => {
        if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
          socket.terminate();
          return;
        }
        send(...args);
      };
      socket.once('close', () => {
        closed = true;
        live = false;
        if (idle) clearTimeout(idle);
        remove(byAddress, address);
        if (userId) remove(byUser, userId);
        if (sessionId) unwatch(sessionId, entry);
      });
      return entry;
    },
    of: (socket) => bySocket.get(socket),
    checkNow,
    close() {
      clearInterval(timer);
      stop.abort();
      for (const held of bySession.values()) held.stop.abort();
      bySession.clear();
    },
  };
  return registry;
}
