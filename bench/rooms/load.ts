/**
 * The rooms load generator: one room, `members` WebSockets (one per member) subscribed to its live events, and
 * `senders` of those members posting into it, first at a chat's pace, then as fast as they can. It drives a target
 * through one code path whatever the target is: the same tRPC WebSocket frames (`subscription` rooms.events,
 * `mutation` roomMessages.send and roomMessages.markRead); a target (targets.ts) only prepares the members and the
 * room, and reads the server's figures.
 *
 * Every message text is unique; each member's socket counts its arrivals per message, so a message heard twice by
 * one member is a duplicate, and one never heard after the settle wait is lost. Latency is arrival - send, for
 * every delivery, in a 0.1 ms histogram (bounded memory whatever the run's size). Members mark read as the room
 * view does: once per burst, 1 s after the last message of another member reached them, over their socket.
 */
import { inBatches } from '../in-batches';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { SqlCount } from '../messaging/versions';
import { sqlBetween } from '../messaging/versions';

/** What a target's process reports (bench/rooms/server-stats.mjs), since the previous reset. */
export interface ServerStats {
  loop: { p50: number; p99: number; max: number; mean: number };
  rssMb: number;
  peakRssMb: number;
}

/** What the generator needs from a server: its socket, the members' handshakes, and its figures. */
export interface RoomTarget {
  label: string;
  wsUrl: string;
  origin: string;
  /** Members signed up and in one room (and `senders` of them in a second, small room: the SQL probe's). */
  prepare(members: number, senders: number): Promise<PreparedRoom>;
  /** The figures since the previous call, which starts a new phase. */
  stats(): Promise<ServerStats>;
  /** Statements sent to the database so far; absent for a server without one. */
  sql?(): Promise<SqlCount>;
}

export interface PreparedRoom {
  roomId: string;
  /** A room of the senders only, for the probe: does a send cost the same with 1,000 members as with 10? */
  smallRoomId?: string;
  /** Each member's handshake headers (its session cookie), in member order. */
  headers: Record<string, string>[];
}

export interface RoomsLoadOptions {
  members: number;
  senders: number;
  pacedSeconds: number;
  closedSeconds: number;
  /** Each sender posts every gapMs on average in the paced phase (random, exponential gaps: lulls happen). */
  gapMs: number;
}

export interface PhaseResult {
  name: 'paced' | 'closed';
  sent: number;
  /** Sends the server refused (the mutation rate limit), not counted as sent. */
  refused: number;
  /** Sends that failed otherwise (an internal error), not counted as sent. */
  sendErrors: number;
  deliveries: number;
  deliveriesPerSecond: number;
  sendsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  lost: number;
  duplicated: number;
  /** Messages not heard by every member after the settle wait. */
  messagesIncomplete: number;
  markReads: number;
  markReadErrors: number;
  readFrames: number;
  /** Megabytes of frames the members' sockets received in the phase (messages, receipts, answers). */
  receivedMb: number;
  server: ServerStats;
  generatorLoopP99: number;
  sql?: SqlCount;
  seconds: number;
  settleSeconds: number;
}

export interface ProbeResult {
  sends: number;
  bigRoom: SqlCount;
  smallRoom?: SqlCount;
  markReads: number;
  markRead: SqlCount;
}

const SOCKETS_PER_ADDRESS = 150;
const SETUP_CONCURRENCY = 16;
const SUBSCRIPTION_ID = 1;
/** The room view marks read 1 s after the last message arrived (spec: auto mark-read after 1 s). */
export const MARK_READ_AFTER_MS = 1000;
/** A settle wait ends when nothing arrived for this long (and every message is complete, and no markRead is due). */
const QUIET_MS = 1500;
const SETTLE_LIMIT_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A latency histogram: 0.1 ms buckets up to 60 s (larger values land in the last bucket; `max` is exact). */
class Histogram {
  private readonly buckets = new Uint32Array(600_000);
  count = 0;
  max = 0;
  record(ms: number) {
    const i = Math.min(this.buckets.length - 1, Math.max(0, Math.floor(ms * 10)));
    this.buckets[i]!++;
    this.count++;
    if (ms > this.max) this.max = ms;
  }
  percentile(p: number) {
    if (this.count === 0) return NaN;
    const rank = Math.ceil(this.count * p);
    let seen = 0;
    for (let i = 0; i < this.buckets.length; i++) {
      seen += this.buckets[i]!;
      if (seen >= rank) return (i + 0.5) / 10;
    }
    return this.max;
  }
}

/** An error frame's message, and a clear one when the procedure does not exist (yet). */
export function callError(target: string, path: string, error: unknown): Error {
  const text = JSON.stringify(error);
  if (/NOT_FOUND/.test(text) && /No procedure|procedure/i.test(text))
    return new Error(
      `${target} has no procedure ${path} (${text}). The rooms benchmark needs rooms.create, rooms.join, ` +
        `rooms.events, roomMessages.send and roomMessages.markRead (src/server/features/rooms/*.router.ts).`,
    );
  return new Error(`${target}: ${path}: ${text}`);
}

interface Tracked {
  sentAt: number;
  sender: number;
  /** Arrivals at each member's socket. */
  arrivals: Uint8Array;
  heard: number;
}

interface Member {
  index: number;
  socket: WebSocket;
  readTimer: ReturnType<typeof setTimeout> | null;
  /** The newest message from another member heard, and the one marked read last: what the web's markRead sends. */
  newestOthers?: string | undefined;
  marked?: string | undefined;
}

const CONTENT = /"content":"(rb-[0-9a-z]+-[0-9]+-[0-9]+)/;
const MESSAGE_ID = /"message":\{"id":"([0-9a-f-]{36})"/;
const PADDING = ' - a chat line of ordinary length, as people write them in a busy room.';

export async function runRoomsLoad(target: RoomTarget, options: RoomsLoadOptions) {
  const { members: size } = options;
  const senders = Math.min(options.senders, size);
  const room = await target.prepare(size, senders);

  // Per phase: what the members heard.
  let tracked = new Map<string, Tracked>();
  let latencies = new Histogram();
  let duplicated = 0;
  let readFrames = 0;
  let receivedBytes = 0;
  let lastArrival = 0;
  let markReads = 0;
  let markReadErrors = 0;
  let autoRead = true;
  const pendingReads = new Set<Promise<unknown>>();

  const calls = new Map<number, { resolve: (data: unknown) => void; reject: (error: Error) => void; path: string }>();
  let callIds = SUBSCRIPTION_ID;
  function call(member: Member, path: string, input: unknown): Promise<unknown> {
    const id = ++callIds;
    return new Promise((resolve, reject) => {
      calls.set(id, { resolve, reject, path });
      member.socket.send(JSON.stringify({ id, method: 'mutation', params: { path, input } }));
    });
  }

  function markRead(member: Member) {
    member.readTimer = null;
    markReads++;
    // As the room page does (useAutoRead): up to the newest message of others on screen, since the last mark.
    const input = { roomId: room.roomId, upTo: member.newestOthers, after: member.marked };
    member.marked = member.newestOthers;
    const done = call(member, 'roomMessages.markRead', input).catch((error: unknown) => {
      markReadErrors++;
      if (markReadErrors <= 3) console.error(`${target.label}: markRead failed: ${String(error)}`);
    });
    pendingReads.add(done);
    void done.finally(() => pendingReads.delete(done));
  }

  function arrived(member: Member, content: string, at: number, id: string | undefined) {
    const message = tracked.get(content);
    if (!message) return;
    lastArrival = at;
    if (message.arrivals[member.index]!++ > 0) {
      duplicated++;
      return;
    }
    message.heard++;
    latencies.record(at - message.sentAt);
    if (message.sender !== member.index) member.newestOthers = id;
    if (autoRead && message.sender !== member.index) {
      if (member.readTimer) clearTimeout(member.readTimer);
      member.readTimer = setTimeout(() => markRead(member), MARK_READ_AFTER_MS);
    }
  }

  function onFrame(member: Member, frame: string, started: { resolve: () => void; reject: (e: Error) => void }) {
    const at = performance.now();
    receivedBytes += frame.length;
    if (frame === 'PING') return member.socket.send('PONG');
    if (frame.includes('"data":{"type":"message"')) {
      const match = CONTENT.exec(frame);
      if (match) arrived(member, match[1]!, at, MESSAGE_ID.exec(frame)?.[1]);
      return;
    }
    if (frame.includes('"data":{"type":"read"')) {
      readFrames++;
      lastArrival = at;
      return;
    }
    const parsed = JSON.parse(frame) as {
      id: number;
      result?: { type: string; data?: unknown };
      error?: unknown;
    };
    if (parsed.id === SUBSCRIPTION_ID) {
      if (parsed.error) started.reject(callError(target.label, 'rooms.events', parsed.error));
      else if (parsed.result?.type === 'started') started.resolve();
      return;
    }
    const pending = calls.get(parsed.id);
    if (!pending) return;
    calls.delete(parsed.id);
    if (parsed.error) pending.reject(callError(target.label, pending.path, parsed.error));
    else pending.resolve(parsed.result?.data);
  }

  async function connect(index: number): Promise<Member> {
    const socket = new WebSocket(target.wsUrl, {
      headers: { ...room.headers[index], origin: target.origin },
      localAddress: `127.0.0.${2 + Math.floor(index / SOCKETS_PER_ADDRESS)}`,
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const member: Member = { index, socket, readTimer: null };
    await new Promise<void>((resolve, reject) => {
      socket.on('message', (raw) => onFrame(member, String(raw), { resolve, reject }));
      socket.once('close', (code, reason) => reject(new Error(`socket closed ${code} ${String(reason)}`)));
      socket.send(
        JSON.stringify({
          id: SUBSCRIPTION_ID,
          method: 'subscription',
          params: { path: 'rooms.events', input: { id: room.roomId } },
        }),
      );
    });
    return member;
  }

  const members = await inBatches(
    Array.from({ length: size }, (_, i) => i),
    SETUP_CONCURRENCY,
    connect,
  );
  let closedSockets = 0;
  for (const member of members) member.socket.on('close', () => closedSockets++);

  /** Posts one message; resolves true when answered, false when refused by the rate limit. */
  let refused = 0;
  let sendErrors = 0;
  async function send(sender: Member, content: string, roomId = room.roomId): Promise<boolean> {
    const message: Tracked = { sentAt: 0, sender: sender.index, arrivals: new Uint8Array(size), heard: 0 };
    if (roomId === room.roomId) tracked.set(content, message);
    message.sentAt = performance.now();
    try {
      await call(sender, 'roomMessages.send', { roomId, content: content + PADDING });
      return true;
    } catch (error) {
      tracked.delete(content);
      if (/TOO_MANY_REQUESTS/.test(String(error))) {
        refused++;
        return false;
      }
      // A missing procedure ends the run; any other failure is counted (and shown) and the run goes on.
      if (/has no procedure/.test(String(error))) throw error;
      sendErrors++;
      if (sendErrors <= 3) console.error(`${target.label}: send failed: ${String(error)}`);
      return false;
    }
  }

  /** Until every message reached every member, every due markRead was made and answered, and nothing moved. */
  async function settle() {
    const start = performance.now();
    for (;;) {
      const now = performance.now();
      const complete = [...tracked.values()].every((m) => m.heard === size);
      const readsDue = members.some((m) => m.readTimer !== null) || pendingReads.size > 0;
      if (complete && !readsDue && now - lastArrival > QUIET_MS) break;
      if (now - start > SETTLE_LIMIT_MS) break;
      if (!complete && !readsDue && now - lastArrival > 10_000) break;
      await sleep(100);
    }
    return (performance.now() - start) / 1000;
  }

  const generatorLoop = monitorEventLoopDelay({ resolution: 10 });
  generatorLoop.enable();

  async function phase(name: PhaseResult['name'], seconds: number, paced: boolean): Promise<PhaseResult> {
    tracked = new Map();
    latencies = new Histogram();
    duplicated = 0;
    readFrames = 0;
    receivedBytes = 0;
    markReads = 0;
    markReadErrors = 0;
    refused = 0;
    sendErrors = 0;
    await target.stats();
    const sqlBefore = await target.sql?.();
    generatorLoop.reset();
    const start = performance.now();
    const deadline = start + seconds * 1000;
    let sent = 0;
    await Promise.all(
      members.slice(0, senders).map(async (sender, s) => {
        for (let n = 0; ; n++) {
          // A chat's pace: exponential gaps around gapMs (people pause, then several talk at once).
          // A gap that ends past the deadline ends the sender there (the phase's length stays what was asked).
          if (paced)
            await sleep(Math.min(-Math.log(1 - Math.random()) * options.gapMs, deadline - performance.now() + 1));
          if (performance.now() >= deadline) return;
          if (await send(sender, `rb-${name}${Date.now().toString(36)}-${s}-${n}`)) sent++;
          else await sleep(200);
        }
      }),
    );
    const lastSend = performance.now();
    const settleSeconds = await settle();
    const server = await target.stats();
    const sqlAfter = await target.sql?.();
    let lost = 0;
    let incomplete = 0;
    for (const message of tracked.values()) {
      lost += size - message.heard;
      if (message.heard < size) incomplete++;
    }
    const deliveries = latencies.count;
    const activeSeconds = (Math.max(lastArrival, lastSend) - start) / 1000;
    return {
      name,
      sent,
      refused,
      sendErrors,
      deliveries,
      deliveriesPerSecond: deliveries / activeSeconds,
      sendsPerSecond: sent / ((lastSend - start) / 1000),
      p50: latencies.percentile(0.5),
      p99: latencies.percentile(0.99),
      max: latencies.max,
      lost,
      duplicated,
      messagesIncomplete: incomplete,
      markReads,
      markReadErrors,
      readFrames,
      receivedMb: receivedBytes / 1024 / 1024,
      server,
      generatorLoopP99: generatorLoop.percentile(99) / 1e6,
      sql: sqlBefore && sqlAfter ? sqlBetween(sqlBefore, sqlAfter) : undefined,
      seconds: (lastSend - start) / 1000,
      settleSeconds,
    };
  }

  /**
   * Waits (10 s at most) until the server's database is idle but for its periodic session check: the subscriptions'
   * access checks of a thousand sockets just opened must not be counted as the probe's sends' work.
   */
  async function quiet() {
    const until = performance.now() + 10_000;
    for (let before = await target.sql!(); performance.now() < until;) {
      await sleep(500);
      const now = await target.sql!();
      if (sqlBetween(before, now).statements <= 1) return;
      before = now;
    }
  }

  /**
   * The database work of one send and of one markRead, alone: 20 sends by one sender with the members' reads held
   * back, then in the senders' small room, then one markRead per member. Sends are sequential and the room quiet,
   * so the counts are the procedures' own (plus the server's periodic session check, a statement every 500 ms).
   */
  async function probe(): Promise<ProbeResult | undefined> {
    if (!target.sql) return undefined;
    const sends = 20;
    autoRead = false;
    tracked = new Map();
    await quiet();
    const before = await target.sql();
    for (let n = 0; n < sends; n++) await send(members[0]!, `rb-probe-${n}-0`);
    const bigRoom = sqlBetween(before, await target.sql());
    let smallRoom: SqlCount | undefined;
    if (room.smallRoomId) {
      const beforeSmall = await target.sql();
      for (let n = 0; n < sends; n++) await send(members[0]!, `rb-probesmall-${n}-0`, room.smallRoomId);
      smallRoom = sqlBetween(beforeSmall, await target.sql());
    }
    await settle();
    const beforeRead = await target.sql();
    markReads = 0;
    for (const member of members.slice(1)) markRead(member);
    await Promise.all(pendingReads);
    await settle();
    const markRead_ = sqlBetween(beforeRead, await target.sql());
    autoRead = true;
    return { sends, bigRoom, smallRoom, markReads: members.length - 1, markRead: markRead_ };
  }

  try {
    const sqlProbe = await probe();
    // A chat's pace first (the latency goal), then as fast as the senders can (the capacity).
    const paced = await phase('paced', options.pacedSeconds, true);
    const closed = await phase('closed', options.closedSeconds, false);
    return { target: target.label, members: size, senders, paced, closed, probe: sqlProbe, closedSockets };
  } finally {
    generatorLoop.disable();
    for (const member of members) {
      if (member.readTimer) clearTimeout(member.readTimer);
      member.socket.terminate();
    }
  }
}

export type RoomsLoadResult = Awaited<ReturnType<typeof runRoomsLoad>>;
