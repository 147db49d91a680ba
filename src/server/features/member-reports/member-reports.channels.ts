import type { ReportQueueLiveEvent } from '../../contracts/member-report-events';
import { defineChannel } from '../../realtime/channels';

/** The admins' report queue's live channel (keys only; each admin's stream reads the item). */
export const memberReportsChannels = {
  queue: defineChannel<ReportQueueLiveEvent>('member-reports'),
} as const;
