import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface OutgoingMessage {
  /** The outbox row's id: the Message-ID is made from it, so a resent message is recognisably the same one. */
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** Every link the message holds, for the development log line. */
  links: readonly string[];
}

export interface MailTransport {
  /** Throws when the message was not taken (the sender tries again later). */
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
  /** Where mail goes, for the start-up log: "smtp://host:port" or the folder. */
  readonly destination: string;
}

/** An SMTP server when SMTP_URL is set; otherwise one .eml file per message under DATA_DIR/mail. */
export function createMailTransport(
  config: Pick<Config, 'SMTP_URL' | 'DATA_DIR' | 'NODE_ENV' | 'PUBLIC_URL'>,
  log: (line: string) => void,
): MailTransport {
  const domain = new URL(config.PUBLIC_URL).hostname;
  const envelope = (m: OutgoingMessage) => ({
    from: m.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    headers: m.headers,
    messageId: `<${m.id}@${domain}>`,
  });
  if (config.SMTP_URL) {
    // At most about 40 s a message: the sender's lease (5 minutes) outlasts a whole batch.
    const smtp = nodemailer.createTransport({
      url: config.SMTP_URL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    const url = new URL(config.SMTP_URL);
    return {
      destination: `${url.protocol}//${url.host}`,
      async send(message) {
        await smtp.sendMail(envelope(message));
      },
      close: () => smtp.close(),
    };
  }
  const folder = path.join(config.DATA_DIR, 'mail');
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: folder,
    async send(message) {
      const { message: raw } = (await writer.sendMail(envelope(message))) as { message: Buffer };
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      // Only the server's user may read them: they hold sign-in links.
      writeFileSync(path.join(folder, `${stamp}-${message.id}.eml`), raw, { mode: 0o600 });
      if (config.NODE_ENV === 'development') {
        log(`mail to ${message.to}: "${message.subject}" ${message.links.join(' ')}`.trim());
      }
    },
    close: () => writer.close(),
  };
}
