import { inArray, sql } from 'drizzle-orm';
import { ageGroup } from '../../../domain/profile';
import { hasDetails, screenMessage } from '../../../domain/contact-details';
import type { Db, Tx } from '../../db/database';
import { conversations } from '../../db/schema/conversations';
import { profiles } from '../../db/schema/profiles';
import { AppError } from '../../errors';

/** What a direct message stores: `text` for everyone, `originalText` for moderation when details were hidden. */
export interface ScreenedText {
  text: string;
  originalText: string | null;
}

/**
 * The contact details rule (domain/contact-details.ts) for a message about to be sent in a conversation. Most
 * messages hold no details and cost nothing here; only one that does reads the deal's paid state and both parties'
 * dates of birth (an unknown age counts as a minor's). Refuses with CONTACT_DETAILS_UNCONFIRMED until the sender
 * confirms, before the deal is paid.
 */
export async function screenDetails(
  db: Db | Tx,
  actor: { id: string },
  input: { conversationId: string; text: string; confirmDetails?: boolean },
): Promise<ScreenedText> {
  if (!hasDetails(input.text)) return { text: input.text, originalText: null };
  const {
    rows: [deal],
  } = await db.execute<{ paid: boolean; dob1: string | null; dob2: string | null }>(sql`
    select ${conversations.paidAt} is not null as paid,
      (select ${profiles.dateOfBirth}::text from ${profiles} where ${profiles.id} = ${conversations.participant1Id}) as dob1,
      (select ${profiles.dateOfBirth}::text from ${profiles} where ${profiles.id} = ${conversations.participant2Id}) as dob2
    from ${conversations}
    where ${conversations.id} = ${input.conversationId}
      and ${actor.id} in (${conversations.participant1Id}, ${conversations.participant2Id})`);
  if (!deal) throw new AppError('NOT_A_PARTICIPANT');
  const minorInvolved = ageGroup(deal.dob1) !== 'adult' || ageGroup(deal.dob2) !== 'adult';
  return screenFor(input, { paid: deal.paid, minorInvolved });
}

/**
 * The rule for an offer's message, the first words a stranger may send a request's poster: no deal is paid yet, and
 * the two people are the offerer and the poster. Messages without details read nothing.
 */
export async function screenOfferDetails(
  db: Db,
  people: { offererId: string; posterId: string },
  input: { text: string; confirmDetails?: boolean },
): Promise<ScreenedText> {
  if (!hasDetails(input.text)) return { text: input.text, originalText: null };
  const rows = await db
    .select({ dateOfBirth: profiles.dateOfBirth })
    .from(profiles)
    .where(inArray(profiles.id, [people.offererId, people.posterId]));
  // A missing profile is an unknown age: a minor's, like any unknown age.
  const minorInvolved = rows.length < 2 || rows.some((r) => ageGroup(r.dateOfBirth) !== 'adult');
  return screenFor(input, { paid: false, minorInvolved });
}

/** The rule once the deal is known: a new conversation's first message (an offer) is never paid. */
export function screenFor(
  input: { text: string; confirmDetails?: boolean },
  deal: { paid: boolean; minorInvolved: boolean },
): ScreenedText {
  const screened = screenMessage(input.text, deal);
  if (screened.needsConfirmation && input.confirmDetails !== true) throw new AppError('CONTACT_DETAILS_UNCONFIRMED');
  return { text: screened.shown, originalText: screened.original };
}
