import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback for tests: what it received, parsed, and a switch to make it refuse everything. */
export interface SmtpInbox {
  url: string;
  received: ParsedMail[];
  /** While true, every message is refused with a temporary failure (451). */
  refusing: boolean;
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const inbox: SmtpInbox = { url: '', received: [], refusing: false, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (inbox.refusing) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          inbox.received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  inbox.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  inbox.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return inbox;
}

/** A header as the message carried it (mailparser folds the List-* headers into one object). */
export function rawHeader(mail: ParsedMail, name: string): string | undefined {
  return mail.headerLines
    .find((line) => line.key === name)
    ?.line.slice(name.length + 1)
    .trim();
}
