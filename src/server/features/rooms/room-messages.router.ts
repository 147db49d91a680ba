import { z } from 'zod';
import { emojiSchema } from '../../../domain/emoji';
import {
  MEDIA_MESSAGES,
  MEDIA_TYPES,
  ROOM_LIMITS,
  roomEditTextSchema,
  roomMessageTextSchema,
} from '../../../domain/rooms';
import { mentionsSchema } from '../../../domain/chat-essentials';
import { authedProcedure, router } from '../../trpc';
import { announceTyping } from './announce-typing';
import { cleanUpStickers } from './clean-up-stickers';
import { deleteRoomMessage } from './delete-room-message';
import { editRoomMessage } from './edit-room-message';
import { listRoomMessages } from './list-room-messages';
import { listThread } from './list-thread';
import { markRoomRead } from './mark-room-read';
import { reactToMessage } from './react-to-message';
import { removeReaction } from './remove-reaction';
import { sendRoomMessage } from './send-room-message';

const byRoom = z.object({ roomId: z.uuid() });
const byMessage = z.object({ messageId: z.uuid() });

/** An attachment as the composer sends it after uploading (or picking a GIF); the server checks where it points. */
const roomMediaSchema = z.object({
  type: z.enum(MEDIA_TYPES),
  url: z.string().min(1).max(2048),
  filename: z.string().max(255),
  size: z.number().int().min(0).max(ROOM_LIMITS.attachmentMaxBytes, { error: MEDIA_MESSAGES.tooLarge }),
});

/** Chat room messages, threads, reactions, read receipts and typing. */
export const roomMessagesRouter = router({
  list: authedProcedure.input(byRoom).query(({ ctx, input }) => listRoomMessages(ctx, ctx.user, input)),
  earlier: authedProcedure
    .input(byRoom.extend({ before: z.object({ sentAt: z.iso.datetime({ offset: true }), id: z.uuid() }) }))
    .query(({ ctx, input }) => listRoomMessages(ctx, ctx.user, input)),
  thread: authedProcedure
    .input(byRoom.extend({ parentId: z.uuid() }))
    .query(({ ctx, input }) => listThread(ctx, ctx.user, input)),
  // The input names only what a member may write: a client's kind or payload is dropped by the schema.
  send: authedProcedure
    .input(
      byRoom.extend({
        content: roomMessageTextSchema,
        parentMessageId: z.uuid().optional(),
        media: roomMediaSchema.optional(),
        mentions: mentionsSchema.optional(),
      }),
    )
    .mutation(({ ctx, input }) => sendRoomMessage(ctx, ctx.user, input)),
  edit: authedProcedure
    .input(byMessage.extend({ content: roomEditTextSchema }))
    .mutation(({ ctx, input }) => editRoomMessage(ctx, ctx.user, input)),
  delete: authedProcedure.input(byMessage).mutation(({ ctx, input }) => deleteRoomMessage(ctx, ctx.user, input)),
  react: authedProcedure
    .input(byMessage.extend({ emoji: emojiSchema }))
    .mutation(({ ctx, input }) => reactToMessage(ctx, ctx.user, input)),
  removeReaction: authedProcedure.input(byMessage).mutation(({ ctx, input }) => removeReaction(ctx, ctx.user, input)),
  markRead: authedProcedure
    .input(byRoom.extend({ upTo: z.uuid().optional(), after: z.uuid().optional() }))
    .mutation(({ ctx, input }) => markRoomRead(ctx, ctx.user, input)),
  typing: authedProcedure
    .input(byRoom.extend({ typing: z.boolean() }))
    .mutation(({ ctx, input }) => announceTyping(ctx, ctx.user, input)),
  cleanupStickers: authedProcedure.input(byRoom).mutation(({ ctx, input }) => cleanUpStickers(ctx, ctx.user, input)),
});
