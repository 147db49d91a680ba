import { tracked } from '@trpc/server';
import { z } from 'zod';
import { listingPriceSchema, messageTextSchema, proposalSchema } from '../../../domain/negotiation';
import { toCents } from '../../../domain/money';
import { channels } from '../../realtime/channels';
import { adminProcedure, authedProcedure, router } from '../../trpc';
import { resetConversation } from './reset-conversation';
import { loadForParticipant } from './conversation-access';
import { negotiate } from './negotiate';
import { requestService, sendOffer } from './open-conversation';
import type { ConversationEvent, InboxEvent } from './post-message';
import {
  getConversation,
  getConversationForAdmin,
  listConversations,
  listMessages,
  markRead,
  requestedServices,
  unreadTotal,
} from './read-conversations';
import { sendMessage } from './send-message';

const byId = z.object({ id: z.uuid() });
const resumable = z.object({ lastEventId: z.string().max(100).nullish() });

export const conversationsRouter = router({
  list: authedProcedure.query(({ ctx }) => listConversations(ctx.db, ctx.user.id)),
  unread: authedProcedure.query(({ ctx }) => unreadTotal(ctx.db, ctx.user.id)),
  requestedServices: authedProcedure.query(({ ctx }) => requestedServices(ctx.db, ctx.user.id)),
  get: authedProcedure.input(byId).query(({ ctx, input }) => getConversation(ctx.db, ctx.user, input.id)),
  messages: authedProcedure.input(byId).query(({ ctx, input }) => listMessages(ctx.db, ctx.user, input.id)),
  earlierMessages: authedProcedure
    .input(byId.extend({ before: z.object({ createdAt: z.iso.datetime({ offset: true }), id: z.uuid() }) }))
    .query(({ ctx, input }) => listMessages(ctx.db, ctx.user, input.id, input.before)),
  markRead: authedProcedure.input(byId).mutation(({ ctx, input }) => markRead(ctx, ctx.user, input.id)),
  send: authedProcedure
    .input(z.object({ id: z.uuid(), text: messageTextSchema }))
    .mutation(({ ctx, input }) => sendMessage(ctx, ctx.user, input.id, input.text)),
  request: authedProcedure
    .input(z.object({ serviceId: z.uuid() }))
    .mutation(({ ctx, input }) => requestService(ctx, ctx.user, input.serviceId)),
  offer: authedProcedure
    .input(proposalSchema.extend({ requestId: z.uuid(), message: messageTextSchema }))
    .mutation(({ ctx, input }) =>
      sendOffer(ctx, ctx.user, {
        requestId: input.requestId,
        priceCents: toCents(input.price),
        pricingType: input.pricingType,
        message: input.message,
      }),
    ),
  propose: authedProcedure.input(proposalSchema.extend({ id: z.uuid() })).mutation(({ ctx, input }) =>
    negotiate(ctx, ctx.user, input.id, {
      type: 'propose',
      priceCents: toCents(input.price),
      pricingType: input.pricingType,
    }),
  ),
  /** accept, reject, start, complete: the state machine decides whether this party may. */
  act: authedProcedure
    .input(z.object({ id: z.uuid(), action: z.enum(['accept', 'reject', 'start', 'complete']) }))
    .mutation(({ ctx, input }) => negotiate(ctx, ctx.user, input.id, { type: input.action })),
  /** The client accepts the listing price as it was shown to them; a price changed since then is refused. */
  acceptOriginal: authedProcedure.input(listingPriceSchema.extend({ id: z.uuid() })).mutation(({ ctx, input }) =>
    negotiate(ctx, ctx.user, input.id, {
      type: 'acceptOriginal',
      shown: { priceCents: input.priceCents, pricingType: input.pricingType },
    }),
  ),
  /** Admins only: the conversation's state without its messages, and the reset of its pricing and progress. */
  adminView: adminProcedure.input(byId).query(({ ctx, input }) => getConversationForAdmin(ctx.db, input.id)),
  reset: adminProcedure.input(byId).mutation(({ ctx, input }) => resetConversation(ctx, ctx.user, input.id)),
  /** One conversation's messages and changes, for its participants only (checked before the first event). */
  events: authedProcedure.input(byId.extend(resumable.shape)).subscription(async function* ({ ctx, input, signal }) {
    await loadForParticipant(ctx.db, ctx.user, input.id);
    for await (const event of ctx.bus.subscribe(channels.conversation(input.id), {
      lastEventId: input.lastEventId,
      signal,
    })) {
      yield tracked(event.id, event.data as ConversationEvent);
    }
  }),
  /** Admins watching the progress page: state changes only, never the messages. */
  adminEvents: adminProcedure.input(byId.extend(resumable.shape)).subscription(async function* ({
    ctx,
    input,
    signal,
  }) {
    for await (const event of ctx.bus.subscribe(channels.conversation(input.id), {
      lastEventId: input.lastEventId,
      signal,
    })) {
      if ((event.data as ConversationEvent).type === 'updated') yield tracked(event.id, { type: 'updated' as const });
    }
  }),
  /** The signed-in user's conversation list changed. */
  inbox: authedProcedure.input(resumable.optional()).subscription(async function* ({ ctx, input, signal }) {
    for await (const event of ctx.bus.subscribe(channels.inbox(ctx.user.id), {
      lastEventId: input?.lastEventId,
      signal,
    })) {
      yield tracked(event.id, event.data as InboxEvent);
    }
  }),
});
