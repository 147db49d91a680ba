import type { NotificationKind, NotificationPayload } from '../../../domain/notifications';
import type { AppEventType, EventOf, Participants } from '../../contracts/app-events';
import type { EventHandler } from '../../events/handlers';
import { conversationSubject, publicNameOf } from './facts';
import { notify } from './notify';

type ConversationEventType = {
  [T in AppEventType]: EventOf<T> extends { conversationId: string; participants: Participants; actorId: string | null }
    ? T
    : never;
}[AppEventType];

/** Who of a conversation's two parties hears of it (`nobody`: this event is not one to tell of). */
export type DealAudience = 'other-party' | 'client' | 'provider' | 'both' | 'nobody';

function recipientsOf(audience: DealAudience, participants: Participants, actorId: string | null): string[] {
  const { clientId, providerId } = participants;
  if (audience === 'nobody') return [];
  const chosen =
    audience === 'client'
      ? [clientId]
      : audience === 'provider'
        ? [providerId]
        : audience === 'both'
          ? [clientId, providerId]
          : actorId === clientId
            ? [providerId]
            : actorId === providerId
              ? [clientId]
              : [];
  // Never the actor about their own action.
  return chosen.filter((id) => id && id !== actorId);
}

/**
 * A notification handler for an event of a conversation: its item opens the chat, names the actor and the subject
 * the conversation is about, plus what `details` adds (an amount, "automatic").
 */
export function dealHandler<T extends ConversationEventType>({
  name,
  on,
  kind,
  audience,
  details,
}: {
  /** Stable: stored with pending deliveries. */
  name: string;
  on: T;
  kind: NotificationKind;
  audience: DealAudience | ((event: EventOf<T>) => DealAudience);
  details?: (event: EventOf<T>) => Partial<NotificationPayload>;
}): EventHandler<T> {
  return {
    name,
    on,
    async handle(ctx, event) {
      // Every ConversationEventType carries these (ConversationChange); TypeScript cannot see it through EventOf<T>.
      const e = event as unknown as { conversationId: string; participants: Participants; actorId: string | null };
      const who = typeof audience === 'function' ? audience(event) : audience;
      const recipients = recipientsOf(who, e.participants, e.actorId);
      if (recipients.length === 0) return;
      const payload: NotificationPayload = {
        path: `/chat/${e.conversationId}`,
        actorName: await publicNameOf(ctx.tx, e.actorId),
        subject: await conversationSubject(ctx.tx, e.conversationId),
        ...details?.(event),
      };
      for (const recipientId of recipients) {
        await notify(ctx, { recipientId, kind, payload, subjectKey: e.conversationId });
      }
    },
  };
}
