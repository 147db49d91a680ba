import { POLL_MESSAGES, REPORT_MESSAGES } from '../../../domain/polls';
import { AppError } from '../../errors';

/**
 * Reports' and polls' refusals, with the spec's texts. They ride the shared codes (CONFLICT, FORBIDDEN, NOT_FOUND)
 * until errors.ts has codes of their own; the web shows the server's
 * text for them.
 */
export const MODERATION_REFUSALS = {
  ownService: () => new AppError('FORBIDDEN', REPORT_MESSAGES.ownService),
  alreadyReported: () => new AppError('CONFLICT', REPORT_MESSAGES.alreadyReported),
  alreadyVoted: () => new AppError('CONFLICT', POLL_MESSAGES.alreadyVoted),
  pollEnded: () => new AppError('CONFLICT', POLL_MESSAGES.pollEnded),
  pollNotFound: () => new AppError('NOT_FOUND', POLL_MESSAGES.pollNotFound),
  alreadyActive: () => new AppError('CONFLICT', POLL_MESSAGES.alreadyActive),
  serviceHidden: () => new AppError('CONFLICT', POLL_MESSAGES.serviceHidden),
  userNotFound: () => new AppError('NOT_FOUND', POLL_MESSAGES.userNotFound),
  /** domain/polls.ts voteRefusal's and banTargetRefusal's texts: who may not vote, who may not be a ban's subject. */
  voteRefused: (message: string) => new AppError('FORBIDDEN', message),
  banTargetRefused: (message: string) => new AppError('FORBIDDEN', message),
};
