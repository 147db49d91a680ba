import { accountsRouter } from './features/accounts/accounts.router';
import { adminRouter } from './features/admin/admin.router';
import { portfolioRouter } from './features/portfolio/portfolio.router';
import { presenceRouter } from './features/presence/presence.router';
import { profilesRouter } from './features/profiles/profiles.router';
import { categoriesRouter } from './features/categories/categories.router';
import { requestsRouter } from './features/requests/requests.router';
import { servicesRouter } from './features/services/services.router';
import { geoRouter } from './features/geo/geo.router';
import { conversationsRouter } from './features/conversations/conversations.router';
import { paymentsRouter } from './features/payments/payments.router';
import { reviewsRouter } from './features/reviews/reviews.router';
import { payoutsRouter } from './features/payouts/payouts.router';
import { settlementRouter } from './features/settlement/settlement.router';
import { paymentTestsRouter } from './features/payment-tests/payment-tests.router';
import { roomsRouter } from './features/rooms/rooms.router';
import { roomMessagesRouter } from './features/rooms/room-messages.router';
import { roomMediaRouter } from './features/rooms/room-media.router';
import { progressionRouter } from './features/progression/progression.router';
import { feedbackRouter } from './features/feedback/feedback.router';
import { pollsRouter, reportsRouter } from './features/moderation/moderation.router';
import { adminUsersRouter } from './features/admin-users/admin-users.router';
import { adminServicesRouter } from './features/admin-services/admin-services.router';
import { auditRouter } from './features/audit/audit.router';
import { memberReportsRouter } from './features/member-reports/member-reports.router';
import { notificationSettingsRouter } from './features/notification-settings/notification-settings.router';
import { pushRouter } from './features/push/push.router';
import { schoolsRouter } from './features/schools/schools.router';
import { notificationsRouter } from './features/notifications/notifications.router';
import { messageSearchRouter } from './features/message-search/message-search.router';
import { blocksRouter } from './features/blocks/blocks.router';
import { chatEssentialsRouter } from './features/chat-essentials/chat-essentials.router';
import { router } from './trpc';

export const appRouter = router({
  accounts: accountsRouter,
  admin: adminRouter,
  profiles: profilesRouter,
  portfolio: portfolioRouter,
  presence: presenceRouter,
  categories: categoriesRouter,
  services: servicesRouter,
  requests: requestsRouter,
  geo: geoRouter,
  conversations: conversationsRouter,
  payments: paymentsRouter,
  reviews: reviewsRouter,
  payouts: payoutsRouter,
  settlement: settlementRouter,
  paymentTests: paymentTestsRouter,
  rooms: roomsRouter,
  roomMessages: roomMessagesRouter,
  roomMedia: roomMediaRouter,
  progression: progressionRouter,
  feedback: feedbackRouter,
  reports: reportsRouter,
  polls: pollsRouter,
  adminUsers: adminUsersRouter,
  adminServices: adminServicesRouter,
  audit: auditRouter,
  memberReports: memberReportsRouter,
  notificationSettings: notificationSettingsRouter,
  push: pushRouter,
  schools: schoolsRouter,
  notifications: notificationsRouter,
  messageSearch: messageSearchRouter,
  blocks: blocksRouter,
  chat: chatEssentialsRouter,
});

export type AppRouter = typeof appRouter;
