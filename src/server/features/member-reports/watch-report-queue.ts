import type { QueueItem } from '../../contracts/member-report-events';
import type { ReportTargetKind } from '../../../domain/member-reports';
import type { Db } from '../../db/database';
import type { EventBus } from '../../realtime/event-bus';
import { adminStream, type AdminStreamOptions } from '../accounts/admin-stream';
import { memberReportsChannels } from './member-reports.channels';
import { loadQueueItem } from './report-queue';

/** What an admin's queue receives: the item after a change, or null when it has no open report any more. */
export type ReportQueueStreamEvent = {
  type: 'item-changed';
  targetKind: ReportTargetKind;
  targetId: string;
  item: QueueItem | null;
};

/**
 * memberReports.events: the admins' channel (keys only) turned into items, each read after the commit that caused
 * it. An admin stream: the role is asked again as events flow.
 */
export async function* watchReportQueue(
  ctx: { db: Db; bus: EventBus; user: { id: string } },
  options: AdminStreamOptions,
): AsyncGenerator<{ id: string; data: ReportQueueStreamEvent }, void, undefined> {
  for await (const event of adminStream(ctx, memberReportsChannels.queue, options)) {
    const { targetKind, targetId } = event.data;
    const item = await loadQueueItem(ctx.db, { targetKind, targetId });
    yield { id: event.id, data: { type: 'item-changed', targetKind, targetId, item } };
  }
}
