import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testUser, trpcAs, type TestUser } from '../../src/server/testing/marketplace';
import { createTestApp, upload, type TestApp } from '../../src/server/testing/test-app';
import { keysOf, openSocket, PRIVATE_KEYS } from './helpers';

/**
 * The profile channel carries the changed profile itself: only what profiles.public answers anyone, never the date
 * of birth, the email or a payout field, whichever path changed the profile. A visitor hears nothing of it.
 */
let app: TestApp;
let owner: TestUser;
const { ok, call } = trpcAs(() => app);
const DATE_OF_BIRTH = '2009-07-14';

beforeAll(async () => {
  app = await createTestApp();
  owner = await testUser(app, { firstName: 'Wilhelmina' });
});
afterAll(() => app.close());

const dataOf = (replies: { result?: { type: string; data?: unknown } }[]) =>
  replies.filter((r) => r.result?.type === 'data').map((r) => (r.result!.data as { data: unknown }).data);

/** Starts the profile subscription on a socket and keeps it running (the helper's `subscribe` stops it). */
const LISTENING = 900;
const listenOn = (socket: Awaited<ReturnType<typeof openSocket>>) =>
  socket.ws.send(JSON.stringify({ id: LISTENING, method: 'subscription', params: { path: 'profiles.events' } }));

describe('the profile channel never carries a private field', () => {
  it('a profile update, a date of birth saved for payouts and a new avatar send public fields only', async () => {
    const tab = await openSocket(app, owner);
    const visitor = await openSocket(app, null);
    const other = await openSocket(app, await testUser(app));
    try {
      for (const socket of [tab, visitor, other]) listenOn(socket);
      await expect.poll(() => tab.repliesOf(LISTENING)[0]?.result?.type).toBe('started');
      await expect
        .poll(() => visitor.repliesOf(LISTENING).find((r) => r.error)?.error?.data?.code)
        .toBe('UNAUTHORIZED');
      await expect.poll(() => other.repliesOf(LISTENING)[0]?.result?.type).toBe('started');

      await ok(owner, 'profiles.update', {
        firstName: 'Wilhelmina',
        lastName: 'Quorn',
        bio: 'Chess club.',
        school: 'Northfield',
        dateOfBirth: DATE_OF_BIRTH,
      });
      expect((await call(owner, 'payouts.saveDateOfBirth', { dateOfBirth: '2009-07-15' })).status).toBe(200);
      const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#abcdef' } })
        .png()
        .toBuffer();
      expect((await upload(app, 'avatar', png, { cookie: owner.cookie })).status).toBe(200);
      await expect.poll(() => dataOf(tab.repliesOf(LISTENING)).length, { timeout: 3000 }).toBe(3);

      const events = dataOf(tab.repliesOf(LISTENING));
      const publicProfile = await ok(null, 'profiles.public', { userId: owner.id });
      expect(events[0]).toMatchObject({ type: 'profile-updated', profile: { lastName: 'Quorn' } });
      // Payouts changed only a private field: the event says so by carrying no profile, and nothing of it.
      expect(events[1]).toEqual({ type: 'profile-updated' });
      expect(events[2]).toEqual({ type: 'profile-updated', profile: publicProfile });
      const privateKeys = [...keysOf(events)].filter((key) => PRIVATE_KEYS.test(key));
      expect(privateKeys).toEqual([]);
      const sent = JSON.stringify(events);
      for (const secret of [DATE_OF_BIRTH, '2009-07-15', owner.email]) expect(sent).not.toContain(secret);

      // Someone else's socket, signed in or not, heard none of it.
      expect(dataOf(visitor.repliesOf(LISTENING))).toEqual([]);
      expect(dataOf(other.repliesOf(LISTENING))).toEqual([]);
    } finally {
      tab.close();
      visitor.close();
      other.close();
    }
  });
});
