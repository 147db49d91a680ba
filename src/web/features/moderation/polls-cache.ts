import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';

type Outputs = inferRouterOutputs<AppRouter>;
/**
 * /polls' answer as cached: the polls, the server's clock when it answered, and when that answer arrived on this
 * device (`receivedAt`, stamped by the query's own fetch: stampReceivedAt). The two clocks travel together in the
 * data, so every live change that keeps the answer's `now` keeps its `receivedAt` too. TanStack's dataUpdatedAt is
 * not that time: setQueryData moves it on every live event, and the offset would drift by each event's delay.
 */
export type PollList = Outputs['polls']['list'] & { receivedAt?: number };
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

/** The server's answer, stamped with when it arrived here (the polls query's fetch calls this). */
export function stampReceivedAt<T extends Outputs['polls']['list']>(
  list: T,
  at = Date.now(),
): T & { receivedAt: number } {
  return { ...list, receivedAt: at };
}

/**
 * How far the device's clock is behind the server's (ms, negative when ahead): the server's `now` against when its
 * answer arrived (`receivedAt`, kept in the cached data). Time remaining is counted on the server's clock plus this,
 * so a phone set hours wrong still reads the right "Xd Yh remaining". The answer's travel time (well under a second)
 * is ignored: the page shows hours. No stamp, or an unreadable clock: the device's own.
 */
export function serverClockOffset(list: Pick<PollList, 'now' | 'receivedAt'>): number {
  const serverNow = Date.parse(list.now);
  const receivedAt = list.receivedAt ?? 0;
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
