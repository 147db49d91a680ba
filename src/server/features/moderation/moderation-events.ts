/**
 * Reports' and polls' domain events (recorded with each change) and what travels live: polls for signed-in members,
 * reports and poll outcomes for admins. Filled in by the moderation feature.
 */
export type ModerationAppEvent = { type: 'report.submitted'; reporterId: string; serviceId: string; reportId: string };

export type ModerationLiveEvent = { type: 'polls-changed' };
