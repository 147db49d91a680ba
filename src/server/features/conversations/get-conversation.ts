import type { Db } from '../../db/database';
import { loadForParticipant } from './conversation-access';
import { describeConversation } from './describe-conversation';

/** One conversation for a participant: both parties, the service, the negotiation and what this party may do. */
export async function getConversation(deps: { db: Db }, actor: { id: string }, input: { id: string }) {
  const { conversation, party } = await loadForParticipant(deps.db, actor, input.id);
  return describeConversation(deps.db, conversation, party);
}
