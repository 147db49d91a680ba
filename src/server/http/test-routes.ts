import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Auth } from '../auth/auth';
import type { Db } from '../db/database';
import { and, eq, or } from 'drizzle-orm';
import { conversations, messages } from '../db/schema/conversations';
import { userRoles } from '../db/schema/profiles';

export const TEST_PASSWORD = 'Test-password-1!';

const testUserSchema = z.object({
  email: z.email(),
  firstName: z.string().min(2).max(50).default('Test'),
  lastName: z.string().min(1).max(50).default('User'),
  dateOfBirth: z.string().max(10).default('2000-01-01'),
  admin: z.boolean().default(false),
});

const testMessagesSchema = z.object({
  conversationId: z.uuid(),
  senderId: z.string().min(1).max(64),
  texts: z.array(z.string().min(1).max(100)).min(1).max(600),
});

/** The connection itself, never a forwarded header. */
function isLoopback(address: string | undefined): boolean {
  return !!address && (/^127\./.test(address) || /^::ffff:127\./i.test(address) || address === '::1');
}

/** A proxy on this machine connects from loopback for anyone: a request it forwarded says so, and is refused. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * Test-only routes: a user with a signed-in session cookie, so end-to-end tests sign in without the form, and a long
 * message history at once. Mounted only when NODE_ENV=test, and only in builds that include them (the production
 * bundle does not contain this file at all: scripts/build-server.mjs); they answer only connections from this
 * machine. The check is a hook of their own scope, so it runs for whatever spelling of the address reached them.
 */
export function registerTestRoutes(app: FastifyInstance, auth: Auth, db: Db): void {
  void app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
      if (forwarded || !isLoopback(request.socket.remoteAddress)) {
        return reply.status(403).send({ error: 'The test route answers only this machine.' });
      }
    });
    registerRoutes(scope, auth, db);
  });
}

function registerRoutes(app: FastifyInstance, auth: Auth, db: Db): void {
  app.post('/api/test/users', async (request, reply) => {
    const parsed = testUserSchema.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ error: parsed.error.issues[0]!.message });
    const input = parsed.data;
    // The sign-up body carries our profile fields beside better-auth's own.
    const body = {
      email: input.email,
      password: TEST_PASSWORD,
      name: `${input.firstName} ${input.lastName}`,
      firstName: input.firstName,
      lastName: input.lastName,
      dateOfBirth: input.dateOfBirth,
      taxResponsibility: true,
    };
    const { headers, response } = await auth.api.signUpEmail({ body, returnHeaders: true });
    if (input.admin) {
      await db.insert(userRoles).values({ userId: response.user.id, role: 'admin' }).onConflictDoNothing();
    }
    reply.header('set-cookie', headers.getSetCookie());
    return { userId: response.user.id, email: response.user.email, password: TEST_PASSWORD };
  });

  // A long history at once, for the tests of paging back: sent through the API, the per-user limit on changes makes
  // 510 messages take 50 s. Rows only, as old messages are: no events, nobody is told.
  app.post('/api/test/messages', async (request, reply) => {
    const parsed = testMessagesSchema.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ error: parsed.error.issues[0]!.message });
    const input = parsed.data;
    const [conversation] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          eq(conversations.id, input.conversationId),
          or(eq(conversations.participant1Id, input.senderId), eq(conversations.participant2Id, input.senderId)),
        ),
      );
    if (!conversation) return reply.status(404).send({ error: 'No such conversation with that sender.' });
    const start = Date.now();
    await db.insert(messages).values(
      input.texts.map((text, i) => ({
        conversationId: input.conversationId,
        senderId: input.senderId,
        text,
        createdAt: new Date(start + i),
      })),
    );
    await db
      .update(conversations)
      .set({ lastMessage: input.texts.at(-1)!, updatedAt: new Date(start + input.texts.length) })
      .where(eq(conversations.id, input.conversationId));
    return { created: input.texts.length };
  });
}
