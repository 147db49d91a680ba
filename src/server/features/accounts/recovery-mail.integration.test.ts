import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_EMAILS } from '../../../domain/account-recovery';
import { createMailSender } from '../../mail/mail-sender';
import { createMailTransport, type MailTransport } from '../../mail/mail-transport';
import { createTestApp, signIn, signUp, STRONG_PASSWORD, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { requestReset, resetPassword } from './recovery-test-helpers';

/** A real SMTP server on loopback that keeps every message it accepts, parsed. */
function startSmtpServer(): Promise<{ server: SMTPServer; port: number; received: ParsedMail[] }> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ server, port: (server.server.address() as AddressInfo).port, received });
    });
  });
}

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let transport: MailTransport;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp();
  transport = createMailTransport(
    { ...app.config, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, DATA_DIR: '/nonexistent' },
    () => {},
  );
});
afterAll(async () => {
  transport?.close();
  await new Promise<void>((resolve) => smtp?.server.close(() => resolve()));
  await app?.close();
});

describe('the reset email, through a real SMTP server', () => {
  it('arrives with a link that resets the password', async () => {
    const { body } = await signUp(app);
    const sender = createMailSender({ db: app.database.db, transport, config: app.config });
    expect((await requestReset(app, body.email)).statusCode).toBe(200);
    await sender.sendDue();

    const subject = ACCOUNT_EMAILS.resetPassword('').subject;
    const mail = smtp.received.find((m) => m.subject === subject && m.to && JSON.stringify(m.to).includes(body.email));
    expect(mail).toBeDefined();
    expect(mail!.headers.has('list-unsubscribe')).toBe(false);
    const link = new URL(/https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail!.text ?? '')![0]);
    expect(link.origin).toBe(TEST_ORIGIN);
    expect(mail!.html).toContain(link.href.replace(/&/g, '&amp;'));

    const newPassword = 'Mailed-link-9!';
    expect((await resetPassword(app, link.searchParams.get('token')!, newPassword)).statusCode).toBe(200);
    expect((await signIn(app, body.email, STRONG_PASSWORD)).response.statusCode).toBe(401);
    expect((await signIn(app, body.email, newPassword)).response.statusCode).toBe(200);

    // Then the notice that the password changed.
    await sender.sendDue();
    const notice = ACCOUNT_EMAILS.passwordChanged().subject;
    expect(smtp.received.some((m) => m.subject === notice && JSON.stringify(m.to).includes(body.email))).toBe(true);
  });
});
