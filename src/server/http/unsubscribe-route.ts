import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ALL_EMAIL_UNSUBSCRIBE_KIND,
  NEWSLETTER_UNSUBSCRIBE_KIND,
  PREFERENCE_MESSAGES,
  unsubscribeKindLabel,
} from '../../domain/notification-preferences';
import { NOTIFICATION_KINDS } from '../../domain/notifications';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { unsubscribe } from '../features/notification-settings/unsubscribe';
import { signedLinkValid } from '../mail/signed-link';

export const UNSUBSCRIBE_PATH = '/unsubscribe';
const ATTEMPTS_PER_MINUTE = 30;

const linkSchema = z.union([
  z
    .object({
      k: z.enum([...NOTIFICATION_KINDS, ALL_EMAIL_UNSUBSCRIBE_KIND]),
      u: z.string().min(1).max(100),
      s: z.string().max(64),
    })
    .strict(),
  z
    .object({ k: z.literal(NEWSLETTER_UNSUBSCRIBE_KIND), e: z.string().min(3).max(320), s: z.string().max(64) })
    .strict(),
]);

/**
 * RFC 8058 one-click unsubscribe: a mail app POSTs `List-Unsubscribe=One-Click` to the link in the email's
 * List-Unsubscribe header, without a session; the page the visible link opens POSTs the same. The link's signature
 * (made by the mail sender) is the only credential: it names one member (or newsletter address) and one kind.
 */
export async function registerUnsubscribeRoute(
  server: FastifyInstance,
  deps: { db: Db; config: Pick<Config, 'SESSION_SECRET'> },
) {
  await server.register(async (scope) => {
    // Mail apps send a form body; its content is fixed by the RFC and carries nothing we need.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_r, _b, done) => done(null, null),
    );
    scope.post(
      UNSUBSCRIBE_PATH,
      { config: { rateLimit: { max: ATTEMPTS_PER_MINUTE, timeWindow: 60_000 } } },
      async (request, reply) => {
        const parsed = linkSchema.safeParse(request.query);
        const params = (request.query ?? {}) as Record<string, string>;
        if (!parsed.success || !signedLinkValid(UNSUBSCRIBE_PATH, params, deps.config.SESSION_SECRET)) {
          return reply.status(400).send({ message: PREFERENCE_MESSAGES.unsubscribeInvalid });
        }
        const link = parsed.data;
        await unsubscribe(
          deps,
          null,
          'e' in link ? { kind: NEWSLETTER_UNSUBSCRIBE_KIND, email: link.e } : { kind: link.k, userId: link.u },
        );
        return reply.send({ message: PREFERENCE_MESSAGES.unsubscribed(unsubscribeKindLabel(link.k)) });
      },
    );
  });
}
