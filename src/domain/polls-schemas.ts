// The report and poll procedures' input rules (zod). Apart from polls.ts, whose limits and texts every service card's
// Report button reads: a listing page loads no schema library until a report is sent.
import { z } from 'zod';
import { POLL_LIMITS, POLL_MESSAGES, POLL_VOTES, REPORT_LIMITS, REPORT_MESSAGES, REPORT_REASONS } from './polls';

const uuid = z.uuid();

export const reportServiceSchema = z.object({
  serviceId: uuid,
  reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reasonRequired }),
  description: z
    .string({ error: REPORT_MESSAGES.descriptionRequired })
    .trim()
    .min(1, { error: REPORT_MESSAGES.descriptionRequired })
    .max(REPORT_LIMITS.descriptionMax, { error: REPORT_MESSAGES.descriptionTooLong }),
});
export type ReportServiceInput = z.input<typeof reportServiceSchema>;

const pollReason = z
  .string({ error: POLL_MESSAGES.reasonRequired })
  .trim()
  .min(1, { error: POLL_MESSAGES.reasonRequired })
  .max(POLL_LIMITS.descriptionMax);
/** Blank means "use the default title" (defaultPollTitle). */
const pollTitle = z.string().trim().max(POLL_LIMITS.titleMax).optional();

/** An admin starts a poll about a service or about a user; the reason is required (spec 2 section 5). */
export const createPollSchema = z.discriminatedUnion('pollType', [
  z.object({ pollType: z.literal('service_deletion'), serviceId: uuid, title: pollTitle, description: pollReason }),
  z.object({
    pollType: z.literal('user_ban'),
    targetUserId: z.string().trim().min(1).max(100),
    title: pollTitle,
    description: pollReason,
  }),
]);
export type CreatePollInput = z.input<typeof createPollSchema>;

export const castVoteSchema = z.object({ pollId: uuid, vote: z.enum(POLL_VOTES) });
