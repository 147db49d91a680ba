import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presenceChannels } from './presence.channels';
import {
  callTrpc,
  createTestApp,
  nextEvent,
  signUp,
  TEST_ORIGIN,
  userIdOf,
  type TestApp,
} from '../../testing/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('presence', () => {
  it('a heartbeat marks the user online now, announced to the server', async () => {
    const { cookie } = await signUp(app);
    const userId = await userIdOf(app, cookie);
    const heard = nextEvent(app, presenceChannels.presence, (e) => e.userId === userId);
    await callTrpc(app, 'presence.heartbeat', { cookie });
    const event = await heard;
    expect(Date.now() - new Date(event!.onlineAt!).getTime()).toBeLessThan(5000);
    const [record] = (await callTrpc(app, 'presence.of', { input: { userIds: [userId] }, cookie })).data!;
    expect(record!.onlineAt).not.toBeNull();
  });

  it('a manual status is kept; leaving the page withdraws presence', async () => {
    const { cookie } = await signUp(app);
    const userId = await userIdOf(app, cookie);
    await callTrpc(app, 'presence.setStatus', { input: { status: 'busy' }, cookie });
    let [record] = (await callTrpc(app, 'presence.of', { input: { userIds: [userId] }, cookie })).data!;
    expect(record!.manualStatus).toBe('busy');

    const leave = await app.server.inject({
      method: 'POST',
      url: '/api/presence/leave',
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(leave.statusCode).toBe(204);
    [record] = (await callTrpc(app, 'presence.of', { input: { userIds: [userId] }, cookie })).data!;
    expect(record!.onlineAt).toBeNull();
  });

  it('visitors cannot announce presence or set a status', async () => {
    expect((await callTrpc(app, 'presence.heartbeat', {})).status).toBe(401);
    expect((await callTrpc(app, 'presence.setStatus', { input: { status: 'online' } })).status).toBe(401);
  });
});
