/**
 * Object-level access (OWASP ASVS V4; CVE-2025-48757 was exactly this): a signed-in user who knows the ids of other
 * users' services, requests, conversations, messages, reviews, portfolio, payouts, settlement and files tries every
 * read and write on them. Each attempt must be refused and leave every business table as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../src/server/testing/test-app';
import { testUser, trpcAs } from '../../src/server/testing/marketplace';
import {
  authPost,
  buildWorld,
  callProcedure,
  inputsAgainst,
  isClientError,
  keysOf,
  openSocket,
  PRIVATE_KEYS,
  privateValues,
  procedureInventory,
  secondDevice,
  snapshot,
  expectSameRows,
  tinyPng,
  validPortfolioItem,
  validRequest,
  validService,
  type ProcedureInfo,
  type TestUser,
  type World,
  type WsReply,
} from './helpers';
import { upload } from '../../src/server/testing/test-app';
import type WebSocket from 'ws';
import { SOCKET_CALLS } from '../../src/domain/live-session';
import { MESSAGE_MAX } from '../../src/domain/negotiation';

let app: TestApp;
let world: World;
let inputs: Record<string, unknown>;
const inventory = procedureInventory();
const procedure = (path: string): ProcedureInfo => {
  const found = inventory.find((p) => p.path === path);
  if (!found) throw new Error(`no procedure ${path}`);
  return found;
};

beforeAll(async () => {
  app = await createTestApp();
  world = await buildWorld(app);
  inputs = inputsAgainst(world);
}, 120_000);
afterAll(() => app?.close());

/** Runs one call(over the WebSocket for a subscription) and returns its status and the whole reply as text. */
async function attempt(who: TestUser | null, path: string, input: unknown = inputs[path]) {
  const info = procedure(path);
  if (info.type === 'subscription') {
    const socket = await openSocket(app, who);
    try {
      const reply = await socket.subscribe(path, input);
      const status = reply.error ? (reply.error.data?.httpStatus ?? 400) : 200;
      return { status, body: JSON.stringify(reply), code: reply.error?.data?.code };
    } finally {
      socket.close();
    }
  }
  const result = await callProcedure(app, who, info, input);
  return { status: result.status, body: JSON.stringify(result), code: result.error?.data.code };
}

/** The attempt is refused, says so, leaks nothing private, and no business row changed. */
async function expectRefusedAndNothingChanged(who: TestUser | null, path: string, input?: unknown) {
  const before = await snapshot(app);
  const { status, body } = await attempt(who, path, input);
  expect(isClientError(status), `${path} answered ${status}: ${body.slice(0, 300)}`).toBe(true);
  for (const [label, value] of Object.entries(privateValues(world))) {
    expect(body.includes(value), `${path} refusal leaks the ${label}`).toBe(false);
  }
  expectSameRows(before, await snapshot(app), path);
  return status;
}

/** Reads and writes a stranger makes on the world's objects by id; every one is someone else's. */
const ATTACKS: { path: string; what: string; input?: (w: World) => unknown }[] = [
  { path: 'conversations.get', what: 'read a conversation they are not part of' },
  { path: 'conversations.messages', what: 'read its messages' },
  { path: 'conversations.earlierMessages', what: 'read its earlier messages' },
  { path: 'conversations.events', what: 'subscribe to its live messages' },
  { path: 'conversations.markRead', what: 'mark its messages read' },
  { path: 'conversations.send', what: 'post a message into it' },
  { path: 'conversations.propose', what: 'propose a price in it' },
  { path: 'conversations.act', what: 'accept the pending proposal' },
  {
    path: 'conversations.act',
    what: 'reject the pending proposal',
    input: (w) => ({ id: w.proposalConversationId, action: 'reject' }),
  },
  ...(inventory.some((p) => p.path === 'conversations.acceptOriginal')
    ? [{ path: 'conversations.acceptOriginal', what: 'accept the listing price' }]
    : []),
  { path: 'conversations.act', what: 'start the work', input: (w) => ({ id: w.paidConversationId, action: 'start' }) },
  {
    path: 'conversations.act',
    what: 'mark the work completed',
    input: (w) => ({ id: w.paidConversationId, action: 'complete' }),
  },
  { path: 'payments.start', what: 'start paying for it' },
  { path: 'payments.payWithTestCard', what: "pay the client's payment intent" },
  { path: 'payments.completeTestChallenge', what: "answer the client's 3D Secure challenge" },
  { path: 'reviews.submit', what: 'review the provider for work they never bought' },
  { path: 'settlement.history', what: 'read the payment history' },
  { path: 'settlement.confirm', what: 'confirm completion (releasing the payout)' },
  { path: 'settlement.dispute', what: 'open a dispute' },
  { path: 'settlement.cancel', what: 'cancel for a refund' },
  { path: 'services.update', what: "edit the provider's service" },
  { path: 'services.delete', what: "delete the provider's service" },
  { path: 'requests.update', what: "edit the client's request" },
  { path: 'requests.delete', what: "delete the client's request" },
  { path: 'portfolio.update', what: "edit the provider's portfolio item" },
  { path: 'portfolio.delete', what: "delete the provider's portfolio item" },
  { path: 'payouts.testOnboarding', what: "open the provider's payout onboarding" },
  { path: 'payouts.submitTestOnboarding', what: "submit bank details into the provider's payout account" },
  { path: 'accounts.deleteAccount', what: "delete the provider's account by typing their email" },
  { path: 'rooms.get', what: 'open a private room they were never invited to' },
  { path: 'rooms.members', what: "list a private room's members" },
  { path: 'rooms.events', what: "subscribe to a private room's live messages" },
  { path: 'rooms.join', what: 'join a private room without an invitation' },
  { path: 'rooms.update', what: "rename or open up someone else's room" },
  { path: 'rooms.delete', what: "delete someone else's room" },
  { path: 'rooms.addMember', what: 'add themselves to a private room' },
  { path: 'rooms.setRole', what: "make a member of someone else's room its admin" },
  { path: 'rooms.memberAction', what: "ban a member of someone else's room" },
  { path: 'rooms.bans', what: "list a private room's banned users" },
  { path: 'rooms.unban', what: "lift a ban in someone else's private room" },
  { path: 'roomMessages.list', what: "read a private room's messages" },
  { path: 'roomMessages.earlier', what: "read a private room's earlier messages" },
  { path: 'roomMessages.thread', what: "read a private room's thread" },
  { path: 'roomMessages.send', what: 'post into a private room' },
  { path: 'roomMessages.edit', what: "edit another user's room message" },
  { path: 'roomMessages.delete', what: "delete another user's room message" },
  { path: 'roomMessages.react', what: 'react in a private room' },
  { path: 'roomMessages.markRead', what: 'leave read receipts in a private room' },
  { path: 'roomMessages.typing', what: 'appear typing in a private room' },
  { path: 'roomMessages.cleanupStickers', what: "delete a private room's reactions" },
  {
    path: 'portfolio.create',
    what: "attach the provider's uploaded portfolio image to their own item",
    input: (w) => ({ ...validPortfolioItem('Stolen picture'), imageUrl: w.portfolioImageUrl }),
  },
  {
    path: 'services.create',
    what: "attach the provider's uploaded service image to their own service",
    input: (w) => ({ ...validService('Stolen picture service'), image_url: w.serviceImageUrl }),
  },
  {
    path: 'requests.create',
    what: "attach the provider's uploaded image to their own request",
    input: (w) => ({ ...validRequest('Stolen picture request'), image_url: w.serviceImageUrl }),
  },
];

describe('a second user cannot read or change the first user’s objects by id', () => {
  it.each(ATTACKS.map((a) => [`${a.path}: ${a.what}`, a] as const))('%s', async (_name, attack) => {
    await expectRefusedAndNothingChanged(world.attacker, attack.path, attack.input?.(world) ?? inputs[attack.path]);
  });

  it('a stranger subscribed to a conversation receives none of its messages', async () => {
    const socket = await openSocket(app, world.attacker);
    try {
      socket.ws.send(
        JSON.stringify({
          id: 99,
          method: 'subscription',
          params: { path: 'conversations.events', input: { id: world.paidConversationId } },
        }),
      );
      await expect.poll(() => socket.repliesOf(99).length).toBeGreaterThan(0);
      await trpcAs(app).ok(world.client, 'conversations.send', {
        id: world.paidConversationId,
        text: 'My address is 12 Elm Street.',
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(socket.repliesOf(99).filter((r) => r.result?.type === 'data')).toEqual([]);
      expect(JSON.stringify(socket.replies)).not.toContain('12 Elm Street');
    } finally {
      socket.close();
    }
  });

  it('cannot point their own portfolio item at the provider’s uploaded file, which stays served', async () => {
    const { ok } = trpcAs(app);
    const own = await ok(world.attacker, 'portfolio.create', validPortfolioItem('Mine'));
    await expectRefusedAndNothingChanged(world.attacker, 'portfolio.update', {
      id: own.id,
      fields: { ...validPortfolioItem('Mine'), imageUrl: world.portfolioImageUrl },
    });
    await ok(world.attacker, 'portfolio.delete', { id: own.id });
    const file = await app.server.inject({ method: 'GET', url: world.portfolioImageUrl });
    expect(file.statusCode).toBe(200);
  });

  it('cannot replace another user’s avatar: an upload only ever changes the uploader’s own profile', async () => {
    const before = await snapshot(app, ['profiles']);
    const result = await upload(app, 'avatar', await tinyPng(), { cookie: world.attacker.cookie });
    expect(result.status).toBe(200);
    const after = await snapshot(app, ['profiles']);
    const changed = after.profiles!.filter((row) => !before.profiles!.includes(row));
    expect(changed.map((row) => (JSON.parse(row) as { id: string }).id)).toEqual([world.attacker.id]);
  });
});

describe('the calls a tab sends over its WebSocket are checked there as over HTTP', () => {
  /** The call over a socket signed in as `who`: refused, says so, leaks nothing private, and no business row changed. */
  async function expectRefusedOverSocket(who: TestUser | null, path: string, input: unknown, appCode?: string) {
    const before = await snapshot(app);
    const socket = await openSocket(app, who);
    try {
      const reply = await socket.call(procedure(path).type as 'query' | 'mutation', path, input);
      const body = JSON.stringify(reply);
      expect(reply.result, `${path} over the socket answered ${body.slice(0, 300)}`).toBeUndefined();
      expect(isClientError(reply.error?.data?.httpStatus ?? 0), body).toBe(true);
      // Refused for the reason that matters, not by some other check on the way (origin, a rate limit).
      if (appCode) expect((reply.error?.data as { appCode?: string } | undefined)?.appCode, body).toBe(appCode);
      for (const [label, value] of Object.entries(privateValues(world))) {
        expect(body.includes(value), `${path} refusal leaks the ${label}`).toBe(false);
      }
    } finally {
      socket.close();
    }
    expectSameRows(before, await snapshot(app), path);
  }

  /** Why a stranger is refused each call the web sends over its socket: not theirs, for the reason that says so. */
  const STRANGER_REFUSAL: Record<string, string> = {
    'conversations.send': 'NOT_A_PARTICIPANT',
    'conversations.markRead': 'NOT_A_PARTICIPANT',
    'roomMessages.send': 'ROOM_MEMBERS_ONLY',
    'roomMessages.markRead': 'ROOM_NO_ACCESS',
    'roomMessages.typing': 'ROOM_MEMBERS_ONLY',
  };

  it('every socket call has its stranger refusal here', () => {
    expect([...SOCKET_CALLS].filter((path) => !(path in STRANGER_REFUSAL))).toEqual([]);
  });

  it.each([...SOCKET_CALLS].map((path) => [path] as const))(
    '%s: a stranger and a signed-out socket are refused on the victims’ conversation or room',
    async (path) => {
      await expectRefusedOverSocket(world.attacker, path, inputs[path], STRANGER_REFUSAL[path]);
      await expectRefusedOverSocket(null, path, inputs[path], 'UNAUTHENTICATED');
    },
  );

  it('a socket opened from another site with the victim’s cookie cannot send in their name', async () => {
    const before = await snapshot(app);
    const ws: WebSocket = await app.server.injectWS('/api/trpc', {
      headers: { origin: 'https://evil.example', cookie: world.client.cookie },
    });
    const replies: WsReply[] = [];
    ws.on('message', (data) => String(data) !== 'PING' && replies.push(JSON.parse(String(data)) as WsReply));
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    ws.send(
      JSON.stringify({
        id: 1,
        method: 'mutation',
        params: { path: 'conversations.send', input: { id: world.paidConversationId, text: 'Forged from evil' } },
      }),
    );
    await Promise.race([closed, expect.poll(() => replies.length, { timeout: 3000 }).toBeGreaterThan(0)]);
    expect(replies.filter((r) => r.result)).toEqual([]);
    ws.terminate();
    expectSameRows(before, await snapshot(app), 'conversations.send from another site');
  });

  it('a send on a socket whose session just signed out is refused and writes nothing', async () => {
    const cookie = await secondDevice(app, world.client);
    const ws: WebSocket = await app.server.injectWS('/api/trpc', { headers: { origin: TEST_ORIGIN, cookie } });
    const replies: WsReply[] = [];
    ws.on('message', (data) => String(data) !== 'PING' && replies.push(JSON.parse(String(data)) as WsReply));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await authPost(app, 'sign-out', cookie)).statusCode).toBe(200);
    const before = await snapshot(app);
    ws.send(
      JSON.stringify({
        id: 1,
        method: 'mutation',
        params: { path: 'conversations.send', input: { id: world.paidConversationId, text: 'After sign-out' } },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(replies.filter((r) => r.result)).toEqual([]);
    ws.terminate();
    expectSameRows(before, await snapshot(app), 'conversations.send after sign-out');
  });

  it('a participant’s malformed message over the socket is refused and writes nothing', async () => {
    const id = world.paidConversationId;
    for (const input of [
      { id: 'not-a-uuid', text: 'Hello' },
      { id, text: '   ' },
      { id, text: 'x'.repeat(MESSAGE_MAX + 1) },
      { id, text: 'Hello\u0000there' },
      { id },
      'a string, not an object',
    ]) {
      await expectRefusedOverSocket(world.client, 'conversations.send', input);
    }
  });

  it('the same participant’s message over the socket is sent and reaches the other party', async () => {
    const socket = await openSocket(app, world.client);
    try {
      const reply = await socket.call('mutation', 'conversations.send', {
        id: world.paidConversationId,
        text: 'Sent over the socket',
      });
      expect(reply.error).toBeUndefined();
      const { ok } = trpcAs(app);
      const page = await ok(world.provider, 'conversations.messages', { id: world.paidConversationId });
      expect(page.map((m) => m.text)).toContain('Sent over the socket');
      // The other party marks it read over their own socket, as the web does.
      const reader = await openSocket(app, world.provider);
      try {
        const read = await reader.call('mutation', 'conversations.markRead', { id: world.paidConversationId });
        expect(read.error).toBeUndefined();
        const after = await ok(world.client, 'conversations.messages', { id: world.paidConversationId });
        expect(after.find((m) => m.text === 'Sent over the socket')?.isRead).toBe(true);
      } finally {
        reader.close();
      }
    } finally {
      socket.close();
    }
  });
});

describe('what anyone may read about another user carries no private field', () => {
  const reads = inventory.filter((p) => p.type === 'query' && p.guard !== 'admin');

  it.each(reads.map((p) => [p.path] as const))('%s leaks no email, date of birth or payout field', async (path) => {
    for (const who of [world.attacker, null]) {
      const { status, body } = await attempt(who, path);
      if (status !== 200) continue;
      for (const [label, value] of Object.entries(privateValues(world))) {
        expect(body.includes(value), `${path} as ${who ? 'another user' : 'a visitor'} shows the ${label}`).toBe(false);
      }
      // A query about the caller's own account may show their own private fields; one about another user may not.
      if (procedure(path).input) {
        const leaked = [...keysOf(JSON.parse(body))].filter((key) => PRIVATE_KEYS.test(key));
        expect(leaked, `${path} returns private fields`).toEqual([]);
      }
    }
  });

  it('the public profile of a minor shows neither their date of birth nor their guardian', async () => {
    const { body } = await attempt(world.attacker, 'profiles.public', { userId: world.client.id });
    expect(body).not.toContain(world.clientDateOfBirth);
    expect(body).not.toContain(world.guardianEmail);
    expect(body).not.toContain(world.client.email);
  });

  it('the public listing routes leak no private field', async () => {
    for (const url of ['/api/listings/services', '/api/listings/requests']) {
      const response = await app.server.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      for (const [label, value] of Object.entries(privateValues(world))) {
        expect(response.body.includes(value), `${url} shows the ${label}`).toBe(false);
      }
      expect([...keysOf(response.json())].filter((key) => PRIVATE_KEYS.test(key))).toEqual([]);
    }
  });
});

describe('the provider block on service cards and pages carries public fields only', () => {
  /** Everything a visitor and another member can read about the world's services, as text and as keys. */
  async function publicReads(serviceIds: string[]) {
    const bodies: string[] = [];
    for (const who of [null, world.attacker]) {
      for (const id of serviceIds) bodies.push((await attempt(who, 'services.get', { id })).body);
      bodies.push((await attempt(who, 'services.byUser', { userId: world.client.id })).body);
    }
    bodies.push((await app.server.inject({ method: 'GET', url: '/api/listings/services?limit=60' })).body);
    return bodies;
  }

  it('a minor’s service page and cards show name, school, bio, rating and reviews, never their private fields', async () => {
    const { ok } = trpcAs(app);
    // The minor offers a service, and reviews the provider's finished job: both now sit in public reads.
    const minorService = await ok(world.client, 'services.create', validService('Homework club for juniors'));
    await ok(world.client, 'reviews.submit', {
      conversationId: world.completedConversationId,
      rating: 5,
      comment: 'Helpful and on time, thank you!',
    });
    const page = await ok(world.attacker, 'services.get', { id: world.serviceId });
    expect(page).toMatchObject({ ownerSchool: 'North High', ownerBio: 'I tutor algebra.', reviewCount: 1 });
    expect(page.latestReviews.map((r) => r.reviewerFirstName)).toEqual(['Cole']);

    for (const body of await publicReads([world.serviceId, minorService.id])) {
      for (const [label, value] of Object.entries(privateValues(world))) {
        expect(body.includes(value), `a public service read shows the ${label}`).toBe(false);
      }
      expect([...keysOf(JSON.parse(body))].filter((key) => PRIVATE_KEYS.test(key))).toEqual([]);
    }
  });
});

describe('a signed-out visitor is refused every signed-in and admin procedure', () => {
  const guarded = inventory.filter((p) => p.guard !== 'public');
  it.each(guarded.map((p) => [p.path] as const))('%s', async (path) => {
    const status = await expectRefusedAndNothingChanged(null, path);
    expect(status).toBe(401);
  });

  it('a visitor cannot upload a file', async () => {
    for (const kind of ['avatar', 'portfolio', 'service', 'request']) {
      const result = await upload(app, kind, await tinyPng());
      expect(result.status, kind).toBe(401);
    }
  });
});

describe('a signed-in user who is not an admin is refused every admin procedure', () => {
  const adminOnly = inventory.filter((p) => p.guard === 'admin');
  it.each(adminOnly.map((p) => [p.path] as const))('%s', async (path) => {
    const status = await expectRefusedAndNothingChanged(world.attacker, path);
    expect(status).toBe(403);
  });

  it('the victims themselves are not admins either: a participant cannot reach the admin tools', async () => {
    const participant = await testUser(app, { firstName: 'Pat' });
    await expectRefusedAndNothingChanged(participant, 'settlement.refund', {
      conversationId: world.paidConversationId,
    });
    await expectRefusedAndNothingChanged(world.client, 'settlement.resolveDispute', {
      conversationId: world.disputedConversationId,
      resolution: 'refund',
    });
    await expectRefusedAndNothingChanged(world.provider, 'conversations.reset', { id: world.paidConversationId });
  });
});

describe('the attack inputs stay complete', () => {
  it('every procedure that takes an input has an attack input aimed at the victims’ objects', () => {
    const missing = inventory.filter((p) => p.input && !(p.path in inputs)).map((p) => p.path);
    expect(missing, 'add them to inputsAgainst in tests/security/helpers.ts').toEqual([]);
  });
});
