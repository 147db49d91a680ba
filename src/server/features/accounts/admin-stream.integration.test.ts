import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { userRoles } from '../../db/schema/profiles';
import { AppError } from '../../errors';
import type { ConversationEvent } from '../../contracts/conversation-events';
import { testUser, type TestUser } from '../../testing/marketplace';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { ADMIN_RECHECK_MS, adminStream } from './admin-stream';
import { conversationsChannels } from '../conversations/conversations.channels';

/**
 * An admin's open live stream stops once the role is gone. The helper is driven on the real
 * database with a clock the test moves; conversations.adminEvents (the third admin stream, with feedback's and
 * reports', tested in tests/security) over the real socket.
 */
let app: TestApp;
let former: TestUser;

const makeAdmin = (user: TestUser) =>
  app.database.db.insert(userRoles).values({ userId: user.id, role: 'admin' }).onConflictDoNothing();
const removeAdmin = (user: TestUser) =>
  app.database.db.delete(userRoles).where(and(eq(userRoles.userId, user.id), eq(userRoles.role, 'admin')));

beforeAll(async () => {
  app = await createTestApp();
  former = await testUser(app, { firstName: 'Former' });
});
afterAll(() => app?.close());

type Reply = { id: number; result?: { type: string }; error?: { data?: { code: string } } };

/** The site's tRPC socket as the user's browser tab opens it, with every reply it receives. */
async function openSocket(user: TestUser) {
  const ws: WebSocket = await app.server.injectWS('/api/trpc', {
    headers: { origin: TEST_ORIGIN, cookie: user.cookie },
  });
  const replies: Reply[] = [];
  ws.on('message', (data) => {
    const text = String(data);
    if (text !== 'PING' && text !== 'PONG') replies.push(JSON.parse(text) as Reply);
  });
  return { ws, repliesOf: (id: number) => replies.filter((r) => r.id === id), close: () => ws.terminate() };
}

/** An `updated` event as the conversation's state change publishes it; only its type matters to the stream. */
const updated = (note: string) => ({ type: 'updated', state: { note } }) as unknown as ConversationEvent;

describe('adminStream', () => {
  it('delivers while the subscriber is an admin; once the role is gone, the next event after the window ends it', async () => {
    await makeAdmin(former);
    const conversation = randomUUID();
    let clock = 0;
    const controller = new AbortController();
    const stream = adminStream(
      { db: app.database.db, bus: app.bus, user: former },
      conversationsChannels.conversation(conversation),
      {
        signal: controller.signal,
        now: () => clock,
      },
    );
    const next = () => stream.next();

    const first = next();
    // The generator subscribes when first asked; let it reach the bus before publishing.
    await new Promise((resolve) => setTimeout(resolve, 20));
    app.bus.publish(conversationsChannels.conversation(conversation), updated('one'));
    expect((await first).value?.data).toMatchObject({ state: { note: 'one' } });

    // The role goes. Within the window the last check holds (one query per window, not one per event) ...
    await removeAdmin(former);
    clock = ADMIN_RECHECK_MS - 1;
    const second = next();
    app.bus.publish(conversationsChannels.conversation(conversation), updated('two'));
    expect((await second).value?.data).toMatchObject({ state: { note: 'two' } });

    // ... and the first event after it is checked again: not delivered, the stream ends with ADMIN_ONLY.
    clock = ADMIN_RECHECK_MS;
    const third = next();
    app.bus.publish(conversationsChannels.conversation(conversation), updated('three'));
    const error = await third.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('ADMIN_ONLY');
    expect(await next()).toEqual({ done: true, value: undefined });
    controller.abort();
  });

  it('keeps delivering past the window to an admin who still has the role', async () => {
    await makeAdmin(former);
    const conversation = randomUUID();
    let clock = 0;
    const stream = adminStream(
      { db: app.database.db, bus: app.bus, user: former },
      conversationsChannels.conversation(conversation),
      {
        now: () => clock,
      },
    );
    const first = stream.next();
    await new Promise((resolve) => setTimeout(resolve, 20));
    clock = ADMIN_RECHECK_MS * 10;
    app.bus.publish(conversationsChannels.conversation(conversation), updated('still admin'));
    expect((await first).value?.data).toMatchObject({ state: { note: 'still admin' } });
    await stream.return(undefined);
  });
});

describe('conversations.adminEvents', () => {
  it('stops delivering to an admin who lost the role: the next change is not delivered and the stream ends', async () => {
    await makeAdmin(former);
    const conversation = randomUUID();
    const socket = await openSocket(former);
    socket.ws.send(
      JSON.stringify({
        id: 51,
        method: 'subscription',
        params: { path: 'conversations.adminEvents', input: { id: conversation } },
      }),
    );
    await expect.poll(() => socket.repliesOf(51).length, { timeout: 5_000 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    app.bus.publish(conversationsChannels.conversation(conversation), updated('seen by the admin'));
    await expect.poll(() => JSON.stringify(socket.repliesOf(51)), { timeout: 5_000 }).toContain('seen by the admin');

    await removeAdmin(former);
    await new Promise((resolve) => setTimeout(resolve, ADMIN_RECHECK_MS + 100));
    app.bus.publish(conversationsChannels.conversation(conversation), updated('after demotion'));
    await expect
      .poll(() => socket.repliesOf(51).find((r) => r.error)?.error?.data?.code, { timeout: 5_000 })
      .toBe('FORBIDDEN');
    expect(JSON.stringify(socket.repliesOf(51))).not.toContain('after demotion');
    socket.close();
  });
});
