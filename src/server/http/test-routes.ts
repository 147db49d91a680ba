import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Auth } from '../auth/auth';
import type { Db } from '../db/database';
import { userRoles } from '../db/schema/profiles';

export const TEST_PASSWORD = 'Test-password-1!';

const testUserSchema = z.object({
  email: z.email(),
  firstName: z.string().min(2).default('Test'),
  lastName: z.string().min(1).default('User'),
  dateOfBirth: z.string().default('2000-01-01'),
  admin: z.boolean().default(false),
});

/**
 * Test-only: creates a user and returns a signed-in session cookie, so end-to-end tests sign in without the
 * form. Mounted only when NODE_ENV=test.
 */
export function registerTestRoutes(app: FastifyInstance, auth: Auth, db: Db): void {
  app.post('/api/test/users', async (request, reply) => {
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
