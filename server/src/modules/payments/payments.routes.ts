import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutResponseSchema, paymentOptionsSchema, topUpBodySchema } from '@contract/payments';
import { userIdOf } from '../../plugins/session';
import { idempotencyOf } from '../idempotency/idempotency';
import type { PaymentsService } from './payments.service';

/** Under /api/payments: what a signed-in customer can do with the card rail. */
export const paymentRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.get('/options', { schema: { response: { 200: paymentOptionsSchema } } }, async () =>
    payments.options(),
  );

  app.post(
    '/top-ups',
    {
      config: { idempotent: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { body: topUpBodySchema, response: { 201: checkoutResponseSchema } },
    },
    async (request, reply) => {
      const { key } = idempotencyOf(request, userIdOf(request));
      const started = await payments.topUp({ userId: userIdOf(request), key, ...request.body });
      return reply.status(201).send({ checkoutUrl: started.url });
    },
  );
};

/**
 * POST /api/webhooks/stripe: public (Stripe has no session), no Origin (so CSRF lets it through), and its body
 * kept as the exact bytes Stripe signed: in this plugin only, JSON is not parsed but handed over raw.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/stripe',
    { config: { public: true, rateLimit: { max: 600, timeWindow: '1 minute' } } },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await payments.webhook(raw, typeof signature === 'string' ? signature : undefined);
      return { received: true, outcome };
    },
  );
};
