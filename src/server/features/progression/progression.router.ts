import { tracked } from '@trpc/server';
import { z } from 'zod';
import { dailyLoginInputSchema } from '../../../domain/progression/streaks';
import { progressionChannels } from './progression.channels';
import { authedProcedure, router } from '../../trpc';
import { checkIn } from './check-in';
import { getProgression } from './get-progression';

const resumable = z.object({ lastEventId: z.string().max(100).nullish() });

/**
 * Progression: the caller's own progress, their daily login, and their own live awards. Nothing here
 * takes a user id: every call is about the signed-in user. No call awards XP, quests or badges (the spec's client
 * calls award_xp, complete_quest_if_not_exists have no equivalent): the event handlers do, on the server.
 */
export const progressionRouter = router({
  get: authedProcedure.query(({ ctx }) => getProgression(ctx, ctx.user)),
  /** The daily login: once per calendar day in the browser's zone; { awarded: null } when today already counted. */
  checkIn: authedProcedure.input(dailyLoginInputSchema).mutation(({ ctx, input }) => checkIn(ctx, ctx.user, input)),
  /** The caller's own awards as they happen (progressionChannels.progression). Resumes after `lastEventId`. */
  events: authedProcedure.input(resumable.optional()).subscription(async function* ({ ctx, input, signal }) {
    for await (const event of ctx.bus.subscribe(progressionChannels.progression(ctx.user.id), {
      lastEventId: input?.lastEventId,
      signal,
    })) {
      yield tracked(event.id, event.data);
    }
  }),
});
