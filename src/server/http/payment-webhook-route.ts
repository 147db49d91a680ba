import type { FastifyInstance } from 'fastify';
import { processPaymentEvent } from '../features/payments/process-payment-event';
import type { SettlementDeps } from '../features/settlement/transfers';

export const PAYMENT_WEBHOOK_PATH = '/api/payments/webhook';

/**
 * Stripe's webhook endpoint. The signature covers the exact bytes sent, so this route keeps the body as text; an
 * unsigned or tampered event is refused with 400 and changes nothing.
 */
export async function registerPaymentWebhook(server: FastifyInstance, deps: SettlementDeps) {
  await server.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(PAYMENT_WEBHOOK_PATH, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = deps.payments.verifyWebhook(String(request.body ?? ''), String(signature ?? ''));
      } catch {
        return reply.status(400).send({ error: 'Invalid signature' });
      }
      const result = await processPaymentEvent(deps, null, event);
      return { received: true, duplicate: !result.applied };
    });
  });
}
