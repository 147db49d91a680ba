import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTrpc, createTestApp, signUp, type TestApp } from '../testing/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('the database under concurrent load', () => {
  it('300 interleaved sign-ups (transactions), session reads and writes all succeed', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => signUp(app)));
    const statuses = await Promise.all(
      Array.from({ length: 300 }, (_, i) => {
        const user = users[i % users.length]!;
        if (i % 10 === 0) return signUp(app).then((r) => r.response.statusCode);
        if (i % 7 === 0) return callTrpc(app, 'presence.heartbeat', { cookie: user.cookie }).then((r) => r.status);
        return callTrpc(app, 'accounts.me', { cookie: user.cookie }).then((r) => (r.data ? r.status : 0));
      }),
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });
});
