import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { runPeriodically } from '../jobs/run-periodically';
import { absoluteUrl, composeEmail } from './compose-email';
import type { EmailContent } from './email-content';
import type { MailTransport } from './mail-transport';
import { signLink } from './signed-link';

/**
 * Messages taken per run, sent one after the other: a slow SMTP server slows the queue, never the app. Five at the
 * transport's timeouts (mail-transport.ts) finish well within the lease, so no other server takes them again.
 */
const BATCH = 5;
/** A message is tried this many times (about two days with the backoff below), then marked failed. */
export const MAIL_MAX_ATTEMPTS = 10;
/** How long a claimed message is left to its sender before another run takes it again (a crash mid-send). */
const LEASE_SECONDS = 300;
/** Sent and failed rows are kept this long (for an operator's questions), then deleted. */
const KEEP_DAYS = 7;

/** 30 s, 1 min, 2 min ... doubling, at most 6 hours. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(30 * 2 ** (attempt - 1), 6 * 3600);
}

interface Claimed extends Record<string, unknown> {
  id: string;
  to_address: string;
  subject: string;
  content: EmailContent;
  attempts: number;
}

export interface MailSender {
  /** Sends what is due; the number of messages the server took. */
  sendDue(): Promise<number>;
}

export function createMailSender(deps: {
  db: Db;
  transport: MailTransport;
  config: Pick<Config, 'PUBLIC_URL' | 'MAIL_FROM' | 'SESSION_SECRET'>;
}): MailSender {
  const { db, transport, config } = deps;

  async function claim(): Promise<Claimed[]> {
    // skip locked: two servers on one database never take the same message.
    const { rows } = await db.execute<Claimed>(sql`
      update mail_outbox set status = 'sending', attempts = attempts + 1,
        next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
      where id in (
        select id from mail_outbox
        where status in ('pending', 'sending') and next_attempt_at <= now()
        order by next_attempt_at limit ${BATCH}
        for update skip locked)
      returning id, to_address, subject, content, attempts`);
    return rows;
  }

  async function sendOne(row: Claimed): Promise<boolean> {
    try {
      // The unsubscribe link works without signing in: signed here, where the secret is, never stored.
      const content = row.content.unsubscribe
        ? {
            ...row.content,
            unsubscribe: {
              ...row.content.unsubscribe,
              url: signLink(row.content.unsubscribe.url, config.SESSION_SECRET),
            },
          }
        : row.content;
      const { html, text } = await composeEmail(content, config.PUBLIC_URL);
      const unsubscribe = content.unsubscribe && absoluteUrl(content.unsubscribe.url, config.PUBLIC_URL);
      const links = [row.content.action?.url, ...(row.content.items ?? []).map((i) => i.url)]
        .filter((u): u is string => u !== undefined)
        .map((u) => absoluteUrl(u, config.PUBLIC_URL));
      await transport.send({
        id: row.id,
        from: config.MAIL_FROM,
        to: row.to_address,
        subject: row.subject,
        text,
        html,
        // RFC 8058: one POST to this address unsubscribes, without signing in.
        headers: unsubscribe
          ? { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
          : {},
        links,
      });
      await db.execute(sql`update mail_outbox set status = 'sent', sent_at = now(), last_error = null
        where id = ${row.id}`);
      return true;
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const failed = row.attempts >= MAIL_MAX_ATTEMPTS;
      await db.execute(sql`update mail_outbox set
          status = ${failed ? 'failed' : 'pending'}, last_error = ${message},
          next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})
        where id = ${row.id}`);
      return false;
    }
  }

  let prunedAt = 0;
  return {
    async sendDue() {
      let sent = 0;
      for (const row of await claim()) if (await sendOne(row)) sent++;
      if (Date.now() - prunedAt < 3600_000) return sent;
      prunedAt = Date.now();
      await db.execute(sql`delete from mail_outbox where id in (
        select id from mail_outbox where status in ('sent', 'failed')
          and created_at < now() - make_interval(days => ${KEEP_DAYS}) limit 1000)`);
      return sent;
    },
  };
}

/** Sends queued mail every second for the server's lifetime; the returned stop waits for a run in progress. */
export function startMailSender(sender: MailSender, log: (error: unknown) => void): () => Promise<void> {
  return runPeriodically(() => sender.sendDue(), { intervalMs: 1000, runAtStart: true, log });
}
