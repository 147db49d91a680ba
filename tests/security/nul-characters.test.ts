import { describe, expect, it } from 'vitest';
import { NUL_CHARACTER_MESSAGE } from '../../src/domain/text';
import { trpcAs } from '../../src/server/testing/marketplace';
import { nextClientIp, STRONG_PASSWORD, TEST_ORIGIN } from '../../src/server/testing/test-app';
import { appWithUser } from './helpers';

// Found by the fuzzing battery: PostgreSQL text cannot hold U+0000, and a string carrying one reached SQL and
// answered 500. Every entry point refuses it with a clear 400 and stores nothing.

const given = appWithUser();

describe('a null character in any input', () => {
  it('is refused by every tRPC procedure with a clear message, before its use case runs', async () => {
    const { call } = trpcAs(given.app);
    for (const [path, input] of [
      ['paymentTests.completeTestChallenge', { paymentIntentId: '\u0000', approve: true }],
      ['profiles.update', { firstName: 'Nu\u0000ll', lastName: 'Byte', bio: '', school: '', dateOfBirth: '' }],
      ['conversations.send', { id: '00000000-0000-4000-8000-000000000000', text: 'hi\u0000' }],
    ] as const) {
      const result = await call(given.user, path, input);
      expect(result.status, path).toBe(400);
      expect(result.error?.message, path).toBe(NUL_CHARACTER_MESSAGE);
    }
    const profile = await given.app.database.db.execute<{ first_name: string }>(
      `select first_name from profiles where id = '${given.user.id}'`,
    );
    expect(profile.rows[0]?.first_name).not.toContain('\u0000');
  });

  it('is refused in a query string or a JSON body of the plain HTTP routes', async () => {
    const listing = await given.app.server.inject({ method: 'GET', url: '/api/listings/services?search=%00' });
    expect(listing.statusCode).toBe(400);
    const signUp = await given.app.server.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: {
        email: 'nul-byte@example.com',
        password: STRONG_PASSWORD,
        firstName: 'Nu\u0000ll',
        lastName: 'Byte',
        dateOfBirth: '2004-03-01',
        taxResponsibility: true,
      },
      remoteAddress: nextClientIp(),
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json().message).toBe(NUL_CHARACTER_MESSAGE);
    const created = await given.app.database.db.execute(`select 1 from users where email = 'nul-byte@example.com'`);
    expect(created.rows).toHaveLength(0);
  });
});
