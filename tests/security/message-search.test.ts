/**
 * Message search and opening a result in place: a visitor gets nothing; malformed or oversized queries and cursors
 * are refused with a 400; a scope or an "around" page of a conversation or room that is not the caller's is refused
 * without a word of it, over HTTP and over the WebSocket; search is limited per member.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_SEARCH_LIMITS } from '../../src/domain/message-search';
import { SEARCHES_PER_USER } from '../../src/server/features/message-search/search-messages';
import { testUser, trpcAs } from '../../src/server/testing/marketplace';
import { createTestApp, type TestApp, unlimitedMutations } from '../../src/server/testing/test-app';
import { buildWorld, isClientError, openSocket, type TestUser, type World } from './helpers';

let app: TestApp;
let world: World;
let stranger: TestUser;
const { call, callRaw, ok } = trpcAs(() => app);

beforeAll(async () => {
  app = await createTestApp({}, { mutationLimiter: unlimitedMutations });
  world = await buildWorld(app);
  stranger = await testUser(app, { firstName: 'Sid', lastName: 'Stranger' });
}, 120_000);
afterAll(() => app?.close());

/** The world's private words, which no refusal may carry. */
const SECRET = 'My bus leaves at 4.';

describe('signed out', () => {
  it.each([
    ['messageSearch.search', () => ({ query: 'bus leaves' })],
    ['messageSearch.conversationAround', () => ({ id: world.paidConversationId, messageId: world.firstMessage.id })],
    ['messageSearch.roomAround', () => ({ roomId: world.roomId, messageId: world.roomMessage.id })],
  ] as const)('a visitor calling %s is refused with a 401', async (path, input) => {
    const result = await callRaw(null, path, input());
    expect(result.status).toBe(401);
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });

  it('a visitor searching over the WebSocket is refused', async () => {
    const socket = await openSocket(app, null);
    try {
      const reply = await socket.call('query', 'messageSearch.search', { query: 'bus leaves' });
      expect(reply.error?.data?.httpStatus).toBe(401);
      expect(JSON.stringify(reply)).not.toContain(SECRET);
    } finally {
      socket.close();
    }
  });
});

describe('malformed input', () => {
  it('oversized, too short, blank, non-text queries and malformed scopes and cursors are refused with a 400', async () => {
    const cursor = { at: new Date().toISOString(), id: world.roomMessage.id };
    for (const input of [
      { query: 'x'.repeat(MESSAGE_SEARCH_LIMITS.queryMax + 1) },
      { query: 'a' },
      { query: '     ' },
      { query: 42 },
      { query: ['bus', 'leaves'] },
      {},
      { query: 'bus', scope: { type: 'everything' } },
      { query: 'bus', scope: { type: 'room' } },
      { query: 'bus', scope: { type: 'room', id: 'not-a-uuid' } },
      { query: 'bus', cursor: 'MjAyNi0xMS0yOQ==' },
      { query: 'bus', cursor: { ...cursor, at: 'yesterday' } },
      { query: 'bus', cursor: { ...cursor, id: "1' or '1'='1" } },
      { query: 'bus', cursor: { ...cursor, at: `${'9'.repeat(5000)}` } },
    ]) {
      const result = await callRaw(stranger, 'messageSearch.search', input);
      expect(result.status, JSON.stringify(input).slice(0, 200)).toBe(400);
    }
  });

  it('malformed around and after inputs are refused with a 400', async () => {
    for (const [path, input] of [
      ['messageSearch.conversationAround', { id: world.paidConversationId, messageId: 'x' }],
      ['messageSearch.conversationAround', { id: 'x'.repeat(5000), messageId: world.firstMessage.id }],
      ['messageSearch.conversationAfter', { id: world.paidConversationId, after: { createdAt: 'now', id: 'x' } }],
      ['messageSearch.roomAround', { roomId: world.roomId }],
      ['messageSearch.roomAfter', { roomId: world.roomId, after: { sentAt: 12, id: world.roomMessage.id } }],
    ] as const) {
      const result = await callRaw(world.client, path, input);
      expect(result.status, `${path} ${JSON.stringify(input).slice(0, 100)}`).toBe(400);
    }
  });
});

describe("a stranger's reach", () => {
  it('searching a conversation or a private room that is not theirs is refused, and says none of it', async () => {
    for (const scope of [
      { type: 'conversation', id: world.paidConversationId },
      { type: 'room', id: world.roomId },
    ] as const) {
      const result = await call(stranger, 'messageSearch.search', { query: 'bus leaves', scope });
      expect(result.status, scope.type).toBe(403);
      expect(JSON.stringify(result)).not.toContain(SECRET);
    }
  });

  it('searching everything never finds their private words', async () => {
    const page = await ok(stranger, 'messageSearch.search', { query: 'bus leaves' });
    expect(JSON.stringify(page)).not.toContain('bus leaves');
  });

  it('the page around or after a message of a chat not theirs is refused, over HTTP and the WebSocket', async () => {
    const attempts = [
      ['messageSearch.conversationAround', { id: world.paidConversationId, messageId: world.firstMessage.id }],
      ['messageSearch.conversationAfter', { id: world.paidConversationId, after: world.firstMessage }],
      ['messageSearch.roomAround', { roomId: world.roomId, messageId: world.roomMessage.id }],
      ['messageSearch.roomAfter', { roomId: world.roomId, after: world.roomMessage }],
    ] as const;
    for (const [path, input] of attempts) {
      const result = await callRaw(stranger, path, input);
      expect(isClientError(result.status), `${path} ${result.status}`).toBe(true);
      expect(JSON.stringify(result)).not.toContain(SECRET);
    }
    const socket = await openSocket(app, stranger);
    try {
      const reply = await socket.call('query', 'messageSearch.roomAround', attempts[2][1]);
      expect(reply.error?.data?.httpStatus).toBe(403);
      expect(JSON.stringify(reply)).not.toContain(SECRET);
    } finally {
      socket.close();
    }
  });

  it("a message of someone else's chat named with one's own chat is not found", async () => {
    const own = await testUser(app, { firstName: 'Ola' });
    const room = await ok(own, 'rooms.create', { name: 'My own room', isPrivate: true });
    const result = await call(own, 'messageSearch.roomAround', { roomId: room.id, messageId: world.roomMessage.id });
    expect(result.status).toBe(404);
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });
});

describe('rate limit', () => {
  it(`${SEARCHES_PER_USER.points} searches a minute per member, then a 429`, async () => {
    const busy = await testUser(app, { firstName: 'Busy' });
    for (let i = 0; i < SEARCHES_PER_USER.points; i++) {
      expect((await call(busy, 'messageSearch.search', { query: `word${i}` })).status).toBe(200);
    }
    const refused = await call(busy, 'messageSearch.search', { query: 'one more' });
    expect(refused.status).toBe(429);
    // Another member is not slowed by it.
    expect((await call(stranger, 'messageSearch.search', { query: 'hello' })).status).toBe(200);
  });
});
