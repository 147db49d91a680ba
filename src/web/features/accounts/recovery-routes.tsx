import type { RouteObject } from 'react-router';

/** The pages the account emails link to; each loads only when opened. */
export const recoveryRoutes: RouteObject[] = [
  {
    path: '/forgot-password',
    lazy: async () => ({ Component: (await import('./forgot-password-page')).ForgotPasswordPage }),
  },
  {
    path: '/reset-password',
    lazy: async () => ({ Component: (await import('./reset-password-page')).ResetPasswordPage }),
  },
  {
    path: '/verify-email',
    lazy: async () => ({ Component: (await import('./verify-email-page')).VerifyEmailPage }),
  },
];
