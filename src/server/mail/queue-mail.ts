import type { Tx } from '../db/database';
import { mailOutbox } from '../db/schema/mail';
import { checkMail, type QueuedMail } from './email-content';

/**
 * Queues an email in the caller's transaction: it leaves only if that commits, after the commit, retried by the
 * mail sender until the server takes it. A use case or a durable handler calls this; neither ever waits for SMTP.
 */
export async function queueMail(tx: Tx, mail: QueuedMail): Promise<void> {
  checkMail(mail);
  await tx.insert(mailOutbox).values({
    userId: mail.userId,
    toAddress: mail.to,
    subject: mail.subject,
    content: mail.content,
  });
}
