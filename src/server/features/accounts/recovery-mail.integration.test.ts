import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_EMAILS } from '../../../domain/account-recovery';
import { createMailSender } from '../../mail/mail-sender';
import { createMailTransport, type MailTransport } from '../../mail/mail-transport';
import { startSmtpInbox, type SmtpInbox } from '../../testing/smtp-inbox';
import { createTestApp, signIn, signUp, STRONG_PASSWORD, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { requestReset, resetPassword } from './recovery-test-helpers';

let app: TestApp;
let smtp: SmtpInbox;
let transport: MailTransport;
beforeAll(async () => {
  smtp = await startSmtpInbox();
  app = await createTestApp();
  transport = createMailTransport({ ...app.config, SMTP_URL: smtp.url, DATA_DIR: '/nonexistent' }, () => {});
});
afterAll(async () => {
  transport?.close();
  await smtp?.close();
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
