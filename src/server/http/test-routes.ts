import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Auth } from '../auth/auth';
import type { Db } from '../db/database';
import { userRoles } from '../db/schema/profiles';

export const TEST_PASSWORD = 'Test-password-1!';

const testUserSchema = z.object({
  email: z.email(),
  firstName: z.string().min(2).max(50).default('Test'),
  lastName: z.string().min(1).max(50).default('User'),
  dateOfBirth: z.string().max(10).default('2000-01-01'),
  admin: z.boolean().default(false),
});

/** The connection itself, not a forwarded header: a proxy on this machine would still be refused by its caller. */
function isLoopback(address: string | undefined): boolean {
  return !!address && (/^127\./.test(address) || /^::ffff:127\./i.test(address) || address === '::1');
}

/**
 * Test-only: creates a user and returns a signed-in session cookie, so end-to-end tests sign in without the
 * form. Mounted only when NODE_ENV=test, and only in builds that include it (the production bundle does not contain
 * this file at all: scripts/build-server.mjs); it answers only connections from this machine.
 */
export function registerTestRoutes(app: FastifyInstance, auth: Auth, db: Db): void {
  app.post('/api/test/users', async (request, reply) => {
    if (!isLoopback(request.socket.remoteAddress)) {
      return reply.status(403).send({ error: 'The test route answers only this machine.' });
    }
    const input = testUserSchema.parse(request.body);
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
}
