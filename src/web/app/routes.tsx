import type { RouteObject } from 'react-router';
import { recoveryRoutes } from '../features/accounts/recovery-routes';
import { LandingPage } from '../features/site/landing-page';
import { AppLayout } from './app-layout';
import { RequireAdmin, RequireSignIn } from './guards';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';
import { PlannedPage } from './planned-page';
import type { RouteHandle } from './route-handle';
import { Button } from '../ui/button';
import { PageContainer } from '../ui/page';
import { Link } from 'react-router';
import type * as StaticPagesModule from '../features/site/static-pages';

type StaticPages = typeof StaticPagesModule;

/** Public pages: they render at once, without waiting for the session (route-handle.ts). */
const BEFORE_SESSION: RouteHandle = { beforeSession: true };
/** Chat and Messages pages: no marketing footer under the conversation. */
const CHAT_PAGE: RouteHandle = { hideFooter: true };

/** A page whose feature is delivered by a later issue (see the README's roadmap). */
const planned = (path: string, title: string, description: string): RouteObject => ({
  path,
  element: <PlannedPage title={title} description={description} />,
});

/** An information page; all of them load together, on the first visit to any. */
const staticPage = (path: string, name: keyof StaticPages): RouteObject => ({
  path,
  handle: BEFORE_SESSION,
  lazy: async () => ({ Component: (await import('../features/site/static-pages'))[name] }),
});

/** The full route table of spec 1 section 2. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: pages(),
      },
    ],
  },
];

function pages(): RouteObject[] {
  return [{ path: '/', element: <LandingPage />, handle: BEFORE_SESSION }, ...innerPages()];
}

function innerPages(): RouteObject[] {
  return [
    // Forms, their schemas and the auth client load only when a visitor opens /auth.
    { path: '/auth', lazy: async () => ({ Component: (await import('../features/accounts/auth-page')).AuthPage }) },
    ...recoveryRoutes,
    // Spec placeholders, exactly as specified.
    {
      path: '/services',
      handle: BEFORE_SESSION,
      lazy: async () => ({ Component: (await import('../features/services/services-page')).ServicesPage }),
    },
    {
      path: '/services/:id',
      handle: BEFORE_SESSION,
      lazy: async () => ({ Component: (await import('../features/services/service-detail-page')).ServiceDetailPage }),
    },
    planned('/edit-profile', 'Edit Profile', 'Profile editing lives on My Profile.'),
    {
      path: '/create-service',
      element: (
        <PageContainer width="narrow">
          <h1 className="text-3xl font-bold">Create a Service</h1>
          <p className="text-muted-foreground">Services are created with the Offer a Service form.</p>
          <Button className="w-fit" asChild>
            <Link to="/offer-skills">Offer a Service</Link>
          </Button>
        </PageContainer>
      ),
    },
    {
      path: '/discover-services',
      handle: BEFORE_SESSION,
      lazy: async () => ({
        Component: (await import('../features/services/discover-services-page')).DiscoverServicesPage,
      }),
    },
    {
      path: '/category/:categoryId',
      handle: BEFORE_SESSION,
      lazy: async () => ({ Component: (await import('../features/services/category-page')).CategoryPage }),
    },
    {
      path: '/offer-skills',
      lazy: async () => ({ Component: (await import('../features/services/offer-skills-page')).OfferSkillsPage }),
    },
    staticPage('/how-to-start', 'HowToStartPage'),
    staticPage('/how-to-hire', 'HowToHirePage'),
    staticPage('/success-stories', 'SuccessStoriesPage'),
    staticPage('/safety-guidelines', 'SafetyGuidelinesPage'),
    staticPage('/terms-of-service', 'TermsOfServicePage'),
    staticPage('/privacy-policy', 'PrivacyPolicyPage'),
    staticPage('/help/tax-faq', 'TaxFaqPage'),
    {
      path: '/my-profile',
      lazy: async () => ({ Component: (await import('../features/profiles/my-profile-page')).MyProfilePage }),
    },
    {
      path: '/profile/:userId',
      lazy: async () => ({ Component: (await import('../features/profiles/public-profile-page')).PublicProfilePage }),
    },
    {
      path: '/my-services',
      lazy: async () => ({ Component: (await import('../features/services/my-services-page')).MyServicesPage }),
    },
    {
      path: '/edit-service/:id',
      lazy: async () => ({ Component: (await import('../features/services/edit-service-page')).EditServicePage }),
    },
    {
      path: '/edit-request/:id',
      lazy: async () => ({ Component: (await import('../features/requests/edit-request-page')).EditRequestPage }),
    },
    {
      path: '/requests',
      handle: BEFORE_SESSION,
      lazy: async () => ({ Component: (await import('../features/requests/requests-page')).RequestsPage }),
    },
    {
      path: '/requests/category/:categoryId',
      handle: BEFORE_SESSION,
      lazy: async () => ({ Component: (await import('../features/requests/requests-page')).RequestsPage }),
    },
    {
      path: '/request-service',
      lazy: async () => ({
        Component: (await import('../features/requests/request-service-page')).RequestServicePage,
      }),
    },
    {
      path: '/reviews',
      lazy: async () => ({ Component: (await import('../features/reviews/reviews-page')).ReviewsPage }),
    },
    {
      path: '/reviews/:providerId',
      lazy: async () => ({ Component: (await import('../features/reviews/reviews-page')).ReviewsPage }),
    },
    {
      path: '/feedback',
      lazy: async () => ({ Component: (await import('../features/feedback/feedback-page')).FeedbackPage }),
    },
    {
      path: '/polls',
      lazy: async () => ({ Component: (await import('../features/moderation/polls-page')).PollsPage }),
    },
    // Public as the spec's route table has it: a visitor reads "Please sign in to view your progress." there.
    {
      path: '/progress',
      lazy: async () => ({ Component: (await import('../features/progression/progress-page')).ProgressPage }),
    },
    {
      path: '/unsubscribe',
      handle: BEFORE_SESSION,
      lazy: async () => ({ Component: (await import('../features/settings/unsubscribe-page')).UnsubscribePage }),
    },
    {
      path: '/verify-school',
      lazy: async () => ({ Component: (await import('../features/schools/verify-school-page')).VerifySchoolPage }),
    },
    {
      path: '/settings',
      lazy: async () => ({ Component: (await import('../features/settings/settings-page')).SettingsPage }),
    },
    // Admin only: each page says so to others, and the server refuses their calls.
    {
      path: '/stripe-test',
      lazy: async () => ({ Component: (await import('../features/payment-tests/stripe-test-page')).StripeTestPage }),
    },
    {
      path: '/stripe-test-suite',
      lazy: async () => ({
        Component: (await import('../features/payment-tests/stripe-test-suite-page')).StripeTestSuitePage,
      }),
    },
    // The spec lists /connect-onboarding beside /payouts-setup: the same page.
    {
      path: '/connect-onboarding',
      lazy: async () => ({ Component: (await import('../features/payouts/payouts-setup-page')).PayoutsSetupPage }),
    },
    {
      path: '/payouts-setup',
      lazy: async () => ({ Component: (await import('../features/payouts/payouts-setup-page')).PayoutsSetupPage }),
    },
    {
      element: <RequireAdmin />,
      children: [
        {
          path: '/admin-dashboard',
          lazy: async () => ({
            Component: (await import('../features/admin/admin-dashboard-page')).AdminDashboardPage,
          }),
        },
        {
          path: '/admin/users',
          lazy: async () => ({
            Component: (await import('../features/admin-users/admin-users-page')).AdminUsersPage,
          }),
        },
        {
          path: '/admin-services',
          lazy: async () => ({
            Component: (await import('../features/admin-services/admin-services-page')).AdminServicesPage,
          }),
        },
        {
          path: '/admin/schools',
          lazy: async () => ({ Component: (await import('../features/schools/admin-schools-page')).AdminSchoolsPage }),
        },
        {
          path: '/admin/reports',
          lazy: async () => ({
            Component: (await import('../features/member-reports/report-queue-page')).ReportQueuePage,
          }),
        },
        {
          path: '/admin/audit',
          lazy: async () => ({ Component: (await import('../features/audit/audit-page')).AuditPage }),
        },
        {
          path: '/admin-feedback',
          lazy: async () => ({
            Component: (await import('../features/feedback/admin-feedback-page')).AdminFeedbackPage,
          }),
        },
      ],
    },
    {
      element: <RequireSignIn />,
      children: [
        {
          path: '/conversations',
          handle: CHAT_PAGE,
          lazy: async () => ({
            Component: (await import('../features/conversations/conversations-page')).ConversationsPage,
          }),
        },
        {
          path: '/conversations/:id',
          handle: CHAT_PAGE,
          lazy: async () => ({
            Component: (await import('../features/conversations/conversation-progress-page')).ConversationProgressPage,
          }),
        },
        {
          path: '/chat/:conversationId',
          handle: CHAT_PAGE,
          lazy: async () => ({ Component: (await import('../features/conversations/chat-page')).ChatPage }),
        },
        {
          path: '/test-mode/onboarding/:accountId',
          lazy: async () => ({
            Component: (await import('../features/payouts/test-onboarding-page')).TestOnboardingPage,
          }),
        },
        {
          path: '/notifications',
          lazy: async () => ({
            Component: (await import('../features/notifications/notifications-page')).NotificationsPage,
          }),
        },
        {
          path: '/chat-rooms',
          handle: CHAT_PAGE,
          lazy: async () => ({ Component: (await import('../features/rooms/rooms-page')).RoomsPage }),
        },
        {
          path: '/chat-rooms/:roomId',
          handle: CHAT_PAGE,
          lazy: async () => ({ Component: (await import('../features/rooms/room-page')).RoomPage }),
        },
      ],
    },
    // Rendered by the server too, with a 404 status (entry-server.tsx).
    { path: '*', handle: BEFORE_SESSION, element: <NotFoundPage /> },
  ];
}
