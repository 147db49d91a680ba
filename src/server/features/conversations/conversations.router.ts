import { tracked } from '@trpc/server';
import { z } from 'zod';
import { listingPriceSchema, messageTextSchema, proposalSchema } from '../../../domain/negotiation-schemas';
import { toCents } from '../../../domain/money';
import { adminStream } from '../accounts/admin-stream';
import { conversationsChannels } from './conversations.channels';
import { adminProcedure, authedProcedure, router } from '../../trpc';
import { loadForParticipant } from './conversation-access';
import { countUnread } from './count-unread';
import { getConversation } from './get-conversation';
import { getConversationForAdmin } from './get-conversation-for-admin';
import { listConversations } from './list-conversations';
import { listMessages } from './list-messages';
import { listRequestedServices } from './list-requested-services';
import { markRead } from './mark-read';
import { negotiate } from './negotiate';
import { requestService } from './request-service';
import { resetConversation } from './reset-conversation';
import { sendMessage } from './send-message';
import { sendOffer } from './send-offer';

const byId = z.object({ id: z.uuid() });
const resumable = z.object({ lastEventId: z.string().max(100).nullish() });

export const conversationsRouter = router({
  list: authedProcedure.query(({ ctx }) => listConversations(ctx, ctx.user)),
  unread: authedProcedure.query(({ ctx }) => countUnread(ctx, ctx.user)),
  requestedServices: authedProcedure.query(({ ctx }) => listRequestedServices(ctx, ctx.user)),
  get: authedProcedure.input(byId).query(({ ctx, input }) => getConversation(ctx, ctx.user, input)),
  messages: authedProcedure.input(byId).query(({ ctx, input }) => listMessages(ctx, ctx.user, { id: input.id })),
  earlierMessages: authedProcedure
    .input(byId.extend({ before: z.object({ createdAt: z.iso.datetime({ offset: true }), id: z.uuid() }) }))
    .query(({ ctx, input }) => listMessages(ctx, ctx.user, input)),
  markRead: authedProcedure.input(byId).mutation(({ ctx, input }) => markRead(ctx, ctx.user, input)),
  send: authedProcedure
    .input(z.object({ id: z.uuid(), text: messageTextSchema, confirmDetails: z.boolean().optional() }))
    .mutation(({ ctx, input }) => sendMessage(ctx, ctx.user, input)),
  request: authedProcedure
    .input(z.object({ serviceId: z.uuid() }))
    .mutation(({ ctx, input }) => requestService(ctx, ctx.user, input)),
  offer: authedProcedure
    .input(
      proposalSchema.extend({
        requestId: z.uuid(),
        message: messageTextSchema,
        confirmDetails: z.boolean().optional(),
      }),
    )
    .mutation(({ ctx, input }) =>
      sendOffer(ctx, ctx.user, {
        requestId: input.requestId,
        priceCents: toCents(input.price),
        pricingType: input.pricingType,
        message: input.message,
        confirmDetails: input.confirmDetails,
      }),
    ),
  propose: authedProcedure.input(proposalSchema.extend({ id: z.uuid() })).mutation(({ ctx, input }) =>
    negotiate(ctx, ctx.user, {
      id: input.id,
      action: { type: 'propose', priceCents: toCents(input.price), pricingType: input.pricingType },
    }),
  ),
  /** accept, reject, start, complete: the state machine decides whether this party may. */
  act: authedProcedure
    .input(z.object({ id: z.uuid(), action: z.enum(['accept', 'reject', 'start', 'complete']) }))
    .mutation(({ ctx, input }) => negotiate(ctx, ctx.user, { id: input.id, action: { type: input.action } })),
  /** The client accepts the listing price as it was shown to them; a price changed since then is refused. */
  acceptOriginal: authedProcedure.input(listingPriceSchema.extend({ id: z.uuid() })).mutation(({ ctx, input }) =>
    negotiate(ctx, ctx.user, {
      id: input.id,
      action: { type: 'acceptOriginal', shown: { priceCents: input.priceCents, pricingType: input.pricingType } },
    }),
  ),
  /** Admins only: the conversation's state without its messages, and the reset of its pricing and progress. */
  adminView: adminProcedure.input(byId).query(({ ctx, input }) => getConversationForAdmin(ctx, ctx.user, input)),
  reset: adminProcedure.input(byId).mutation(({ ctx, input }) => resetConversation(ctx, ctx.user, input)),
  /** One conversation's messages and changes, for its participants only (checked before the first event). */
  events: authedProcedure.input(byId.extend(resumable.shape)).subscription(async function* ({ ctx, input, signal }) {
    await loadForParticipant(ctx.db, ctx.user, input.id);
    for await (const event of ctx.bus.subscribe(conversationsChannels.conversation(input.id), {
      lastEventId: input.lastEventId,
      signal,
    })) {
      yield tracked(event.id, event.data);
    }
  }),
  /**
   * Admins watching the progress page: state changes (the state itself) only, never the messages or reads; only
   * while the subscriber is still an admin (adminStream).
   */
  adminEvents: adminProcedure.input(byId.extend(resumable.shape)).subscription(async function* ({
    ctx,
    input,
    signal,
  }) {
    for await (const event of adminStream(ctx, conversationsChannels.conversation(input.id), {
      lastEventId: input.lastEventId,
      signal,
    })) {
      if (event.data.type === 'updated') yield tracked(event.id, event.data);
    }
  }),
  /** The signed-in user's conversation list changed. */
  inbox: authedProcedure.input(resumable.optional()).subscription(async function* ({ ctx, input, signal }) {
    for await (const event of ctx.bus.subscribe(conversationsChannels.inbox(ctx.user.id), {
      lastEventId: input?.lastEventId,
      signal,
    })) {
      yield tracked(event.id, event.data);
    }
  }),
});
