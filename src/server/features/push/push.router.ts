import { z } from 'zod';
import { PUSH_ENDPOINT_MAX } from '../../push/push-endpoint';
import { vapidKeys } from '../../push/vapid-keys';
import { authedProcedure, router } from '../../trpc';
import { subscribePush } from './subscribe-push';
import { unsubscribePush } from './unsubscribe-push';

// Base64url keys as browsers give them: p256dh is 65 bytes (87 characters), auth 16 (22).
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[\w-]+=*$/);
const endpoint = z.string().min(1).max(PUSH_ENDPOINT_MAX);

/** This browser's push subscription for the signed-in member. */
export const pushRouter = router({
  /** The server's VAPID public key, which a browser needs to subscribe. */
  publicKey: authedProcedure.query(({ ctx }) => ({ publicKey: vapidKeys(ctx.config).publicKey })),
  subscribe: authedProcedure
    .input(z.object({ endpoint, keys: z.object({ p256dh: base64url(200), auth: base64url(100) }).strict() }).strict())
    .mutation(({ ctx, input }) => subscribePush(ctx, { id: ctx.user.id, sessionId: ctx.sessionId }, input)),
  unsubscribe: authedProcedure
    .input(z.object({ endpoint }).strict())
    .mutation(({ ctx, input }) => unsubscribePush(ctx, ctx.user, input)),
});
