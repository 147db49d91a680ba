import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawHeader, startSmtpInbox, type SmtpInbox } from '../testing/smtp-inbox';
import { createTestApp, signUp, userIdOf, TEST_ORIGIN, type TestApp } from '../testing/test-app';
import { createMailSender, MAIL_MAX_ATTEMPTS, retryDelaySeconds } from './mail-sender';
import { createMailTransport } from './mail-transport';
import { queueMail } from './queue-mail';

let app: TestApp;
let inbox: SmtpInbox;
const received = () => inbox.received;

beforeAll(async () => {
  app = await createTestApp();
  inbox = await startSmtpInbox();
});
afterAll(async () => {
  await inbox.close();
  await app.close();
});

function smtpSender() {
  const config = {
    ...app.config,
    SMTP_URL: inbox.url,
    MAIL_FROM: 'SkillNest <hello@skillnest.test>',
  };
  const transport = createMailTransport(config, () => {});
  return { sender: createMailSender({ db: app.database.db, transport, config }), transport };
}

async function queue(to: string, withUnsubscribe: boolean, userId: string | null = null) {
  await app.database.db.transaction((tx) =>
    queueMail(tx, {
      userId,
      to,
      subject: 'New message from Sam',
      content: {
        preview: 'Sam wrote to you',
        heading: 'You have a new message',
        paragraphs: ['Sam wrote to you about Algebra tutoring.'],
        action: { label: 'Open the conversation', url: '/chat/123' },
        ...(withUnsubscribe && {
          unsubscribe: { label: 'Stop these emails', url: `/unsubscribe?k=message&u=${userId}` },
        }),
      },
    }),
  );
}

async function row(to: string) {
  const { rows } = await app.database.db.execute<{ status: string; attempts: number; last_error: string | null }>(
    sql`select status, attempts, last_error from mail_outbox where to_address = ${to}`,
  );
  return rows[0]!;
}

describe('sending through an SMTP server', () => {
  it('delivers a text and an HTML part with absolute links and the one-click unsubscribe headers', async () => {
    const { cookie } = await signUp(app);
    const userId = await userIdOf(app, cookie);
    // Signing up queued its verification email: only this test's message is due.
    await app.database.db.execute(sql`delete from mail_outbox`);
    await queue('ana@example.test', true, userId);
    const { sender, transport } = smtpSender();
    expect(await sender.sendDue()).toBe(1);
    transport.close();
    const mail = received().find((m) => m.subject === 'New message from Sam' && m.text?.includes('Algebra'))!;
    expect(mail.from?.value[0]).toMatchObject({ name: 'SkillNest', address: 'hello@skillnest.test' });
    expect(mail.text).toContain(`Open the conversation: ${TEST_ORIGIN}/chat/123`);
    expect(mail.html).toContain(`href="${TEST_ORIGIN}/chat/123"`);
    const header = (name: string) => rawHeader(mail, name);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(.+)>$/.exec(header('list-unsubscribe') ?? '')?.[1] ?? '';
    expect(link).toMatch(new RegExp(`^${TEST_ORIGIN}/unsubscribe\\?k=message&u=${userId}&s=[\\w-]{32}$`));
    // The visible link is the same signed one.
    expect(mail.text).toContain(link);
    expect((await row('ana@example.test')).status).toBe('sent');

    // One POST to it, without any session, stops that kind of email: RFC 8058.
    const posted = await app.server.inject({
      method: 'POST',
      url: link.slice(TEST_ORIGIN.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json().message).toBe('You will no longer get emails about: New messages.');
    const settings = await app.database.db.execute<{ kinds: Record<string, { email: boolean; inApp: boolean }> }>(
      sql`select kinds from notification_settings where user_id = ${userId}`,
    );
    expect(settings.rows[0]!.kinds.message).toEqual({ inApp: true, email: false, push: true });
  });

  it('a refusing server fails nothing: the message waits and is retried with backoff, then sent', async () => {
    const { sender, transport } = smtpSender();
    await queue('ben@example.test', false);
    inbox.refusing = true;
    expect(await sender.sendDue()).toBe(0);
    const waiting = await row('ben@example.test');
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.last_error).toContain('Mailbox unavailable');
    // Not due again before its delay.
    inbox.refusing = false;
    expect(await sender.sendDue()).toBe(0);
    // A second ago, not now(): the column keeps milliseconds, rounding, so now() may be stored as just after the
    // sender's own now() when both fall within one millisecond.
    await app.database.db.execute(
      sql`update mail_outbox set next_attempt_at = now() - interval '1 second' where to_address = 'ben@example.test'`,
    );
    expect(await sender.sendDue()).toBe(1);
    expect(await row('ben@example.test')).toMatchObject({ status: 'sent', attempts: 2 });
    transport.close();
  });

  it('gives up after the last attempt, marked failed', async () => {
    const { sender, transport } = smtpSender();
    await queue('cat@example.test', false);
    await app.database.db.execute(
      sql`update mail_outbox set attempts = ${MAIL_MAX_ATTEMPTS - 1} where to_address = 'cat@example.test'`,
    );
    inbox.refusing = true;
    await sender.sendDue();
    inbox.refusing = false;
    expect(await row('cat@example.test')).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    transport.close();
  });
});

describe('without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/mail, readable only by the server', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skills-mail-'));
    try {
      const config = { ...app.config, DATA_DIR: dataDir, SMTP_URL: undefined };
      const lines: string[] = [];
      const transport = createMailTransport({ ...config, NODE_ENV: 'development' }, (line) => lines.push(line));
      await queue('dan@example.test', false);
      await createMailSender({ db: app.database.db, transport, config }).sendDue();
      const folder = path.join(dataDir, 'mail');
      const files = readdirSync(folder);
      expect(files).toHaveLength(1);
      const raw = readFileSync(path.join(folder, files[0]!));
      const mail = await simpleParser(raw);
      expect(mail.to).toMatchObject({ text: 'dan@example.test' });
      expect(mail.text).toContain(`${TEST_ORIGIN}/chat/123`);
      expect(lines).toEqual([`mail to dan@example.test: "New message from Sam" ${TEST_ORIGIN}/chat/123`]);
      const { statSync } = await import('node:fs');
      expect(statSync(path.join(folder, files[0]!)).mode & 0o077).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('queueing', () => {
  it('refuses a link off the site, and the queued row goes with the failed transaction', async () => {
    await expect(
      app.database.db.transaction((tx) =>
        queueMail(tx, {
          userId: null,
          to: 'eve@example.test',
          subject: 'Hi',
          content: { preview: '', heading: 'Hi', paragraphs: [], action: { label: 'Go', url: 'https://evil.test/' } },
        }),
      ),
    ).rejects.toThrow('links must be paths on the site');
    await expect(
      app.database.db.transaction(async (tx) => {
        await queueMail(tx, {
          userId: null,
          to: 'fay@example.test',
          subject: 'Hi',
          content: { preview: '', heading: 'Hi', paragraphs: [] },
        });
        throw new Error('the use case failed');
      }),
    ).rejects.toThrow('the use case failed');
    const { rows } = await app.database.db.execute(
      sql`select 1 from mail_outbox where to_address = 'fay@example.test'`,
    );
    expect(rows).toHaveLength(0);
  });

  it('backs off from 30 seconds, doubling, to at most 6 hours', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(20)).toBe(6 * 3600);
  });
});
