import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { SCHOOL_EMAIL, SCHOOL_LIMITS, verifySchoolPath } from '../../../domain/schools';
import type { Tx } from '../../db/database';
import { users } from '../../db/schema/auth';
import { schoolLinkRequests } from '../../db/schema/schools';
import { queueMail } from '../../mail/queue-mail';
import { refusal } from './schools-refusals';

/** Only the hash is stored: whoever reads the database (or a backup) cannot confirm anyone's address. */
export function hashSchoolToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const windowStart = sql`now() - make_interval(hours => ${SCHOOL_LIMITS.linksWindowHours})`;

/**
 * Takes one of the member's confirmation emails for the window, or refuses. The member's users row is locked first,
 * so two requests at once are counted one after the other.
 */
export async function takeLinkAllowance(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  await tx
    .delete(schoolLinkRequests)
    .where(and(eq(schoolLinkRequests.userId, userId), lte(schoolLinkRequests.createdAt, windowStart)));
  const [{ count } = { count: 0 }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(schoolLinkRequests)
    .where(and(eq(schoolLinkRequests.userId, userId), gt(schoolLinkRequests.createdAt, windowStart)));
  if (count >= SCHOOL_LIMITS.linksPerWindow) throw refusal('tooManyLinks');
  await tx.insert(schoolLinkRequests).values({ userId });
}

/**
 * A new single-use token for the address, valid SCHOOL_LIMITS.linkHours, and its email queued in the same
 * transaction (it leaves only if the change commits). Returns what the member's row stores.
 */
export async function queueSchoolLink(
  tx: Tx,
  member: { userId: string; address: string; schoolName: string },
): Promise<{ tokenHash: string; tokenExpiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  await queueMail(tx, {
    userId: member.userId,
    to: member.address,
    subject: SCHOOL_EMAIL.subject,
    content: {
      preview: SCHOOL_EMAIL.preview,
      heading: SCHOOL_EMAIL.heading,
      paragraphs: SCHOOL_EMAIL.paragraphs(member.schoolName),
      action: { label: SCHOOL_EMAIL.action, url: verifySchoolPath(token) },
    },
  });
  return {
    tokenHash: hashSchoolToken(token),
    tokenExpiresAt: new Date(Date.now() + SCHOOL_LIMITS.linkHours * 3600_000),
  };
}
