/**
 * The reference for the rooms benchmark: a plain `ws` server of the same shape as a SkillNest room, with nothing else
 * (no database, no sessions, no tRPC, no validation). It speaks just enough of tRPC's WebSocket frames that the load
 * generator drives it through the same code path as the real server:
 *
 * - a `subscription` frame joins the one room: answered `started`, then every event arrives as
 *   `{"id":<subscription id>,"result":{"type":"data","id":..,"data":<event>}}`;
 * - `roomMessages.send` makes a message of the same fields and size as RoomMessageData, broadcasts
 *   `{type:'message', message}` to every subscriber (serialised once), then answers the sender;
 * - `roomMessages.markRead` answers, and sends `{type:'read', userId, messageIds, readAt, senderIds}` naming the
 *   messages of others since that socket's previous markRead (at most 200, as the server's MARK_READ_LIMIT) to their
 *   authors and the reader only, as the real room does: the same receipt traffic.
 *
 * Run as its own process (`node --import tsx bench/rooms/bare-broadcast.ts <port>`) with bench/rooms/server-stats.mjs
 * preloaded, so its RSS and event loop are measured the same way.
 */
import { randomUUID } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';

const port = Number(process.argv[2] ?? 3482);
const host = '127.0.0.1';
const roomId = randomUUID();
const MARK_READ_LIMIT = 200;

interface Client {
  userId: string;
  subscriptionId: number | string | null;
  /** Index into `posted` up to which this client's reads were announced. */
  readUpTo: number;
}

/** Every message's id and sender, in order (for the read receipts' ids). */
const posted: { id: string; senderId: string }[] = [];
const clients = new Map<WebSocket, Client>();
let sequence = 0;

function broadcast(data: unknown, to?: (client: Client) => boolean) {
  const eventId = `bare:${++sequence}`;
  // Serialised once per subscription id in use (the generator uses one id for all), then sent to every subscriber.
  const frames = new Map<number | string, string>();
  for (const [socket, client] of clients) {
    if (client.subscriptionId === null || (to && !to(client))) continue;
    let frame = frames.get(client.subscriptionId);
    if (frame === undefined) {
      frame = JSON.stringify({ id: client.subscriptionId, result: { type: 'data', id: eventId, data } });
      frames.set(client.subscriptionId, frame);
    }
    socket.send(frame);
  }
}

const answer = (socket: WebSocket, id: unknown, data: unknown) =>
  socket.send(JSON.stringify({ id, result: { type: 'data', data } }));

const wss = new WebSocketServer({ host, port, path: '/api/trpc' });
wss.on('connection', (socket) => {
  const client: Client = { userId: randomUUID().replaceAll('-', '').slice(0, 32), subscriptionId: null, readUpTo: 0 };
  clients.set(socket, client);
  socket.on('close', () => clients.delete(socket));
  socket.on('message', (raw) => {
    const text = String(raw);
    if (text === 'PONG' || text === 'PING') return;
    const frame = JSON.parse(text) as {
      id: number | string;
      method: string;
      params?: { path?: string; input?: { content?: string } };
    };
    const path = frame.params?.path;
    if (frame.method === 'subscription' && path === 'rooms.events') {
      client.subscriptionId = frame.id;
      client.readUpTo = posted.length;
      socket.send(JSON.stringify({ id: frame.id, result: { type: 'started' } }));
      return;
    }
    if (frame.method === 'mutation' && path === 'roomMessages.send') {
      const message = {
        id: randomUUID(),
        roomId,
        senderId: client.userId,
        senderFirstName: 'Member',
        senderLastName: 'Bench',
        senderAvatarUrl: null,
        kind: 'text',
        content: frame.params?.input?.content ?? '',
        notice: null,
        parentMessageId: null,
        replyTo: null,
        sentAt: new Date().toISOString(),
        editedAt: null,
        mediaType: null,
        mediaUrl: null,
        mediaFilename: null,
        mediaSize: null,
      };
      posted.push({ id: message.id, senderId: client.userId });
      broadcast({ type: 'message', message });
      answer(socket, frame.id, message);
      return;
    }
    if (frame.method === 'mutation' && path === 'roomMessages.markRead') {
      const read = posted
        .slice(client.readUpTo)
        .filter((m) => m.senderId !== client.userId)
        .slice(-MARK_READ_LIMIT);
      const messageIds = read.map((m) => m.id);
      const senderIds = [...new Set(read.map((m) => m.senderId))];
      client.readUpTo = posted.length;
      const readAt = new Date().toISOString();
      if (messageIds.length > 0) {
        const event = { type: 'read', userId: client.userId, messageIds, readAt, senderIds };
        broadcast(event, (c) => c === client || senderIds.includes(c.userId));
      }
      answer(socket, frame.id, { messageIds, readAt });
      return;
    }
    socket.send(
      JSON.stringify({
        id: frame.id,
        error: { message: `No procedure found on path "${path}"`, code: -32004, data: { code: 'NOT_FOUND', path } },
      }),
    );
  });
});
wss.on('listening', () => console.log(`bare broadcast listening on ws://${host}:${port}/api/trpc`));
process.on('SIGTERM', () => {
  for (const socket of clients.keys()) socket.terminate();
  wss.close(() => process.exit(0));
});
