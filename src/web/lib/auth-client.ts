import { twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/** better-auth's client for sign-in, sign-up and sign-out; the account itself comes from accounts.me. */
export const authClient = createAuthClient({ basePath: '/api/auth', plugins: [twoFactorClient()] });
