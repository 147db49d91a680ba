import { z } from 'zod';
import { messageSearchSchema } from '../../../domain/message-search';
import { authedProcedure, router } from '../../trpc';
import {
  conversationMessagesAfter,
  conversationMessagesAround,
  roomMessagesAfter,
  roomMessagesAround,
} from './messages-around';
import { searchMessages } from './search-messages';

const at = z.iso.datetime({ offset: true });

/** Searching the messages a member may read, and opening a result in its chat. */
export const messageSearchRouter = router({
  search: authedProcedure.input(messageSearchSchema).query(({ ctx, input }) => searchMessages(ctx, ctx.user, input)),
  conversationAround: authedProcedure
    .input(z.object({ id: z.uuid(), messageId: z.uuid() }))
    .query(({ ctx, input }) => conversationMessagesAround(ctx, ctx.user, input)),
  conversationAfter: authedProcedure
    .input(z.object({ id: z.uuid(), after: z.object({ createdAt: at, id: z.uuid() }) }))
    .query(({ ctx, input }) => conversationMessagesAfter(ctx, ctx.user, input)),
  roomAround: authedProcedure
    .input(z.object({ roomId: z.uuid(), messageId: z.uuid() }))
    .query(({ ctx, input }) => roomMessagesAround(ctx, ctx.user, input)),
  roomAfter: authedProcedure
    .input(z.object({ roomId: z.uuid(), after: z.object({ sentAt: at, id: z.uuid() }) }))
    .query(({ ctx, input }) => roomMessagesAfter(ctx, ctx.user, input)),
});
