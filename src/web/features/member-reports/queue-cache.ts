import type { ReportSort } from '../../../domain/member-reports';
import type { AppRouter } from '../../../server/router';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>['memberReports'];
export type QueueItem = Outputs['queue'][number];
export type QueueChange = { targetKind: QueueItem['targetKind']; targetId: string; item: QueueItem | null };

const sameKey = (a: Pick<QueueItem, 'targetKind' | 'targetId'>, b: Pick<QueueItem, 'targetKind' | 'targetId'>) =>
  a.targetKind === b.targetKind && a.targetId === b.targetId;

/** The queue's order: the newest report first, or the most reported first (then the newest). */
export function compareItems(sort: ReportSort) {
  return (a: QueueItem, b: QueueItem) =>
    (sort === 'most' ? b.count - a.count : 0) || b.latestAt.localeCompare(a.latestAt);
}

/** One item after a change: replaced in its place by the new order, or gone when it has no open report. */
export function withQueueChange(items: QueueItem[], change: QueueChange, sort: ReportSort): QueueItem[] {
  const rest = items.filter((i) => !sameKey(i, change));
  return change.item ? [...rest, change.item].sort(compareItems(sort)) : rest;
}
