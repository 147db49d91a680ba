import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';

type Outputs = inferRouterOutputs<AppRouter>;
export type PollView = Outputs['polls']['list'][number];
/** What polls.events delivers (the server's ModerationLiveEvent, as the router types it). */
export type PollsLiveEvent =
  Outputs['polls']['events'] extends AsyncIterable<infer E> ? (E extends { data: infer D } ? D : E) : never;

/**
 * Counts only grow (votes are never withdrawn, and the server serializes a poll's votes), so the larger of what the
 * cache holds and what arrives is the newer: an event overtaken by a fresher answer never turns a count back.
 */
const newer = (a: number, b: number) => Math.max(a, b);

/** Applies one live event to the /polls list: a new poll first, new counts in place, a closed poll gone. */
export function applyPollEvent(polls: PollView[], event: PollsLiveEvent): PollView[] {
  switch (event.type) {
    case 'poll-created':
      return polls.some((p) => p.id === event.poll.id) ? polls : [{ ...event.poll, myVote: null }, ...polls];
    case 'poll-votes':
      return polls.map((p) =>
        p.id === event.pollId ? { ...p, yes: newer(p.yes, event.yes), no: newer(p.no, event.no) } : p,
      );
    case 'poll-closed':
      return polls.filter((p) => p.id !== event.pollId);
    default:
      return polls;
  }
}

/** The caller's own vote, with the counts its answer carried. */
export function applyOwnVote(
  polls: PollView[],
  vote: { pollId: string; myVote: 'yes' | 'no'; yes: number; no: number },
): PollView[] {
  return polls.map((p) =>
    p.id === vote.pollId ? { ...p, myVote: vote.myVote, yes: newer(p.yes, vote.yes), no: newer(p.no, vote.no) } : p,
  );
}
