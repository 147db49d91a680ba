import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { NEWSLETTER_ATTEMPTS_PER_MINUTE, NEWSLETTER_MESSAGES, NEWSLETTER_PATH } from '../../domain/newsletter';
import { newsletterEmailSchema } from '../../domain/newsletter-schemas';
import type { Db } from '../db/database';
import { subscribeToNewsletter } from '../features/newsletter/subscribe';

/**
 * The footer's subscribe form, open to visitors: a plain POST limited per client address, so nobody can pour a
 * list of other people's emails into it.
 */
export async function registerNewsletterRoute(server: FastifyInstance, db: Db) {
  await server.register(rateLimit, { global: false });
  server.post(
    NEWSLETTER_PATH,
    {
      config: {
        rateLimit: {
          max: NEWSLETTER_ATTEMPTS_PER_MINUTE,
          timeWindow: 60_000,
          errorResponseBuilder: () => ({ statusCode: 429, message: NEWSLETTER_MESSAGES.failed }),
        },
      },
    },
    async (request, reply) => {
      const parsed = newsletterEmailSchema.safeParse((request.body as { email?: unknown } | null)?.email ?? '');
      if (!parsed.success) return reply.status(400).send({ message: NEWSLETTER_MESSAGES.invalidEmail });
      const added = await subscribeToNewsletter({ db }, null, { email: parsed.data });
      if (!added) return reply.status(409).send({ message: NEWSLETTER_MESSAGES.duplicate });
      return reply.send({ message: NEWSLETTER_MESSAGES.subscribed });
    },
  );
}
