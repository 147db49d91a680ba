import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';

type Outputs = inferRouterOutputs<AppRouter>;
/** /polls' answer: the polls and the server's clock when it answered. */
export type PollList = Outputs['polls']['list'];
export type PollView = PollList['polls'][number];
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

/** One live event applied to the cached /polls answer (the server's clock it carried stays). */
export function applyPollEventToList(list: PollList, event: PollsLiveEvent): PollList {
  return { ...list, polls: applyPollEvent(list.polls, event) };
}

/**
 * How far the device's clock is behind the server's (ms, negative when ahead): the server's `now` against when its
 * answer arrived. Time remaining is counted on the server's clock plus this, so a phone set hours wrong still reads
 * the right "Xd Yh remaining" (review 15a finding 7). The answer's travel time (well under a second) is ignored:
 * the page shows hours.
 */
export function serverClockOffset(list: Pick<PollList, 'now'>, receivedAt: number): number {
  const serverNow = Date.parse(list.now);
  return Number.isFinite(serverNow) && receivedAt > 0 ? serverNow - receivedAt : 0;
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
