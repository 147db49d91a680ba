import { eq } from 'drizzle-orm';
import { boundedName } from '../../../domain/notifications';
import { displayName } from '../../../domain/user-summary';
import type { Tx } from '../../db/database';
import { conversations } from '../../db/schema/conversations';
import { profiles } from '../../db/schema/profiles';

/** A member's public display name as an item stores it; null when there is no actor (the site acted). */
export async function publicNameOf(tx: Tx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await tx
    .select({ firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return boundedName(displayName(row ?? {}));
}

/** The title a conversation is about (kept when it started: readable after the service is deleted). */
export async function conversationSubject(tx: Tx, conversationId: string): Promise<string | null> {
  const [row] = await tx
    .select({ subjectTitle: conversations.subjectTitle })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  return boundedName(row?.subjectTitle);
}
