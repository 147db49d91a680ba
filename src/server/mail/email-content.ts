import { isSitePath } from '../../domain/redirect';

/**
 * What an email says, stored with the queued message (mail_outbox.content) and rendered when it is sent
 * (compose-email.tsx). Every url is a path on the site, starting with "/": the sender puts PUBLIC_URL in front, so a
 * handler needs no configuration and a stored link never points at another site.
 */
export interface EmailContent {
  /** The line a mail app shows beside the subject. */
  preview: string;
  heading: string;
  paragraphs: readonly string[];
  /** The one thing to do, as a button (and as a plain link in the text part). */
  action?: { label: string; url: string };
  /** Items with their own link (a missed-activity summary). */
  items?: readonly { text: string; url: string }[];
  /**
   * How to stop this kind of email, for every email but the account ones: a visible link, and the List-Unsubscribe
   * headers (RFC 8058) pointing at the same address.
   */
  unsubscribe?: { label: string; url: string };
}

export interface QueuedMail {
  /** The member it is for (their queued mail goes with their account); null for an address without an account. */
  userId: string | null;
  to: string;
  subject: string;
  content: EmailContent;
}

export const MAIL_LIMITS = {
  subject: 300,
  paragraphs: 20,
  paragraph: 2000,
  items: 50,
  itemText: 300,
  url: 2000,
  /** The stored content as JSON, in bytes (the table's check says the same). */
  contentBytes: 100_000,
} as const;

/** Refuses what the table would, before it gets there, naming the problem (a programming error, never user input). */
export function checkMail(mail: QueuedMail): void {
  const { content } = mail;
  const urls = [content.action?.url, content.unsubscribe?.url, ...(content.items ?? []).map((i) => i.url)];
  const problems = [
    mail.subject.length > MAIL_LIMITS.subject && 'subject too long',
    content.paragraphs.length > MAIL_LIMITS.paragraphs && 'too many paragraphs',
    content.paragraphs.some((p) => p.length > MAIL_LIMITS.paragraph) && 'paragraph too long',
    (content.items?.length ?? 0) > MAIL_LIMITS.items && 'too many items',
    content.items?.some((i) => i.text.length > MAIL_LIMITS.itemText) && 'item too long',
    urls.some((u) => u !== undefined && (!isSitePath(u) || u.length > MAIL_LIMITS.url)) &&
      'links must be paths on the site',
    Buffer.byteLength(JSON.stringify(content)) > MAIL_LIMITS.contentBytes && 'content too large',
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`Mail "${mail.subject.slice(0, 80)}" refused: ${problems.join(', ')}`);
}
