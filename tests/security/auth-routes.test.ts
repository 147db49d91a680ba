import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/auth';
import { createTestApp, signUp, TEST_ORIGIN, userIdOf, type TestApp } from '../../src/server/testing/test-app';

// better-auth's own routes must not store what our schemas limit (names, image URLs).
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const userRow = async (id: string) => (await app.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe("better-auth's routes", () => {
  it('sign-up stores none of the fields our sign-up schema does not know (a 900 KB image)', async () => {
    const image = `https://example.com/${'a'.repeat(900 * 1024)}`;
    const { response, cookie } = await signUp(app, { image } as never);
    expect(response.statusCode).toBe(200);
    expect((await userRow(await userIdOf(app, cookie))).image).toBeNull();
  });

  it('update-user cannot change the name or image around our profile limits', async () => {
    const { cookie } = await signUp(app);
    const id = await userIdOf(app, cookie);
    const before = await userRow(id);
    for (const payload of [{ name: 'x'.repeat(200_000) }, { image: `https://e.com/${'b'.repeat(200_000)}` }]) {
      const response = await app.server.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie },
        payload,
      });
      expect(response.statusCode).not.toBe(200);
    }
    const after = await userRow(id);
    expect({ name: after.name, image: after.image }).toEqual({ name: before.name, image: before.image });
  });
});
