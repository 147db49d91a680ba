import { AppError } from '../../errors';

/**
 * /admin-services' own refusals (beyond the spec), on the shared codes like the moderation refusals; the web shows
 * the server's text for them.
 */
export const ADMIN_SERVICES_MESSAGES = {
  notHidden: 'This service is not hidden',
  notDismissible: 'Only a passed ban poll that awaits an admin can be dismissed',
} as const;

export const ADMIN_SERVICES_REFUSALS = {
  notHidden: () => new AppError('CONFLICT', ADMIN_SERVICES_MESSAGES.notHidden),
  notDismissible: () => new AppError('CONFLICT', ADMIN_SERVICES_MESSAGES.notDismissible),
};
