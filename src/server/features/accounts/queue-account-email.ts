import type { AccountEmail } from '../../../domain/account-recovery';
import type { Db } from '../../db/database';
import { queueMail } from '../../mail/queue-mail';

/**
 * Queues one account email (a link or a notice about the account) in a transaction of its own: better-auth's
 * callbacks run outside ours. The sender delivers it after the commit; nothing here waits for SMTP. Account emails
 * carry no unsubscribe link: they are about the account itself.
 */
export async function queueAccountEmail(
  db: Db,
  recipient: { userId: string; to: string },
  email: AccountEmail,
): Promise<void> {
  const { subject, ...content } = email;
  await db.transaction(async (tx) => {
    await queueMail(tx, { userId: recipient.userId, to: recipient.to, subject, content });
  });
}
