import { MEMBER_REPORT_TEXTS } from '../../../domain/member-reports';
import { AppError } from '../../errors';

/**
 * Reports' refusals, with their texts. Anything the reporter may not see is "not found", the same answer as for an
 * id that does not exist, so a report cannot probe private rooms or others' conversations.
 */
export const REPORT_REFUSALS = {
  notFound: () => new AppError('NOT_FOUND', MEMBER_REPORT_TEXTS.notFound),
  ownItem: () => new AppError('FORBIDDEN', MEMBER_REPORT_TEXTS.ownItem),
  alreadyReported: () => new AppError('CONFLICT', MEMBER_REPORT_TEXTS.alreadyReported),
  tooMany: () => new AppError('RATE_LIMITED', MEMBER_REPORT_TEXTS.tooMany),
  nothingOpen: () => new AppError('NOT_FOUND', 'There are no open reports of this item.'),
  notRemovable: () => new AppError('BAD_INPUT', 'Only a message can be removed.'),
};
