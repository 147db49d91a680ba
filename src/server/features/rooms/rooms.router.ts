import { tracked } from '@trpc/server';
import { z } from 'zod';
import { MEMBER_ACTIONS, ROOM_ROLES, roomFieldsSchema } from '../../../domain/rooms';
import { authedProcedure, router } from '../../trpc';
import { actOnMember } from './act-on-member';
import { addRoomMember } from './add-room-member';
import { createRoom } from './create-room';
import { deleteRoom } from './delete-room';
import { getRoom } from './get-room';
import { joinRoom } from './join-room';
import { leaveRoom } from './leave-room';
import { listRoomBans } from './list-room-bans';
import { listRoomMembers } from './list-room-members';
import { listRooms } from './list-rooms';
import { searchUsers } from './search-users';
import { setRoomRole } from './set-room-role';
import { unbanMember } from './unban-member';
import { updateRoom } from './update-room';
import { watchRoom } from './watch-room';
import { watchRoomList } from './watch-room-list';

const byId = z.object({ id: z.uuid() });
/** A user id as better-auth makes them (and never longer than one). */
const userId = z.string().min(1).max(64);
const onMember = byId.extend({ userId });

/** Chat rooms and their members. Every rule is the use case's, from domain/rooms.ts. */
export const roomsRouter = router({
  list: authedProcedure
    .input(
      z
        .object({ before: z.object({ createdAt: z.iso.datetime({ offset: true }), id: z.uuid() }).optional() })
        .optional(),
    )
    .query(({ ctx, input }) => listRooms(ctx, ctx.user, input ?? {})),
  /**
   * The rooms list's live changes for the caller: public rooms for everyone, private ones for their members, none
   * the caller is banned from (watch-room-list.ts). Resumes after `lastEventId`.
   */
  listEvents: authedProcedure
    .input(z.object({ lastEventId: z.string().max(100).nullish() }).optional())
    .subscription(async function* ({ ctx, input, signal }) {
      for await (const event of watchRoomList(ctx, ctx.user, input ?? {}, signal)) yield tracked(event.id, event.data);
    }),
  get: authedProcedure.input(byId).query(({ ctx, input }) => getRoom(ctx, ctx.user, input)),
  create: authedProcedure.input(roomFieldsSchema).mutation(({ ctx, input }) => createRoom(ctx, ctx.user, input)),
  update: authedProcedure
    .input(roomFieldsSchema.extend(byId.shape))
    .mutation(({ ctx, input }) => updateRoom(ctx, ctx.user, input)),
  delete: authedProcedure.input(byId).mutation(({ ctx, input }) => deleteRoom(ctx, ctx.user, input)),

  members: authedProcedure.input(byId).query(({ ctx, input }) => listRoomMembers(ctx, ctx.user, input)),
  join: authedProcedure.input(byId).mutation(({ ctx, input }) => joinRoom(ctx, ctx.user, input)),
  leave: authedProcedure.input(byId).mutation(({ ctx, input }) => leaveRoom(ctx, ctx.user, input)),
  /** The invite dialog's search: first or last name, partial. */
  searchUsers: authedProcedure
    .input(z.object({ query: z.string().trim().min(1).max(100) }))
    .query(({ ctx, input }) => searchUsers(ctx, ctx.user, input)),
  addMember: authedProcedure.input(onMember).mutation(({ ctx, input }) => addRoomMember(ctx, ctx.user, input)),
  setRole: authedProcedure
    .input(onMember.extend({ role: z.enum(ROOM_ROLES) }))
    .mutation(({ ctx, input }) => setRoomRole(ctx, ctx.user, input)),
  memberAction: authedProcedure
    .input(onMember.extend({ action: z.enum(MEMBER_ACTIONS) }))
    .mutation(({ ctx, input }) => actOnMember(ctx, ctx.user, input)),
  /** The Banned section: the creator's and a private room's admins' only (domain/rooms.ts canManageBans). */
  bans: authedProcedure.input(byId).query(({ ctx, input }) => listRoomBans(ctx, ctx.user, input)),
  unban: authedProcedure.input(onMember).mutation(({ ctx, input }) => unbanMember(ctx, ctx.user, input)),

  /**
   * One room's live events, for whoever may read it: checked before the first event and again whenever the
   * reader's access may have changed (watch-room.ts). Resumes after `lastEventId`.
   */
  events: authedProcedure
    .input(byId.extend({ lastEventId: z.string().max(100).nullish() }))
    .subscription(async function* ({ ctx, input, signal }) {
      for await (const event of watchRoom(ctx, ctx.user, input, signal)) yield tracked(event.id, event.data);
    }),
});
