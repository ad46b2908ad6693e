import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@contract/text';
import {
  createWebhookBodySchema,
  updateWebhookBodySchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookSecretAnswerSchema,
} from '@contract/webhooks';
import { userIdOf } from '../../plugins/session';
import type { WebhooksService } from './webhooks.service';

const params = z.object({ id: pathIdSchema(100) });

/**
 * Test pings and redeliveries per user per minute, the two together: each makes the server call the endpoint's
 * URL at once, so without a limit of their own a script could drive Meridian at any address it registered.
 */
export const WEBHOOK_SENDS_PER_MINUTE = 10;

/** Under /api/webhooks, the owner's only: an accountant neither reads nor writes them (secrets, URLs). */
export const webhookRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService; keptDays: number }> = async (
  app,
  { webhooks, keptDays },
) => {
  // One limiter serves both routes (a route's own `config.rateLimit` would count each apart), counted per user
  // in the rate-limit store every process shares.
  const sendLimit = app.rateLimit({
    max: WEBHOOK_SENDS_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request) => `webhook-sends:${request.auth?.userId ?? request.ip}`,
  });

  app.get('/', { schema: { response: { 200: webhookEndpointListSchema } } }, async (request) => ({
    endpoints: await webhooks.list(userIdOf(request)),
  }));

  app.post(
    '/',
    { schema: { body: createWebhookBodySchema, response: { 201: webhookSecretAnswerSchema } } },
    async (request, reply) => reply.status(201).send(await webhooks.create(userIdOf(request), request.body)),
  );

  app.patch(
    '/:id',
    { schema: { params, body: updateWebhookBodySchema, response: { 200: webhookEndpointSchema } } },
    async (request) => webhooks.update(userIdOf(request), request.params.id, request.body),
  );

  app.delete('/:id', { schema: { params } }, async (request, reply) => {
    await webhooks.remove(userIdOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/:id/rotate-secret',
    { schema: { params, response: { 200: webhookSecretAnswerSchema } } },
    async (request) => webhooks.rotate(userIdOf(request), request.params.id),
  );

  app.get(
    '/:id/deliveries',
    { schema: { params, response: { 200: webhookDeliveryListSchema } } },
    async (request) => ({
      deliveries: await webhooks.deliveries(userIdOf(request), request.params.id),
      keptDays,
    }),
  );

  app.post(
    '/:id/test',
    { onRequest: sendLimit, schema: { params, response: { 201: webhookDeliverySchema } } },
    async (request, reply) =>
      reply.status(201).send(await webhooks.test(userIdOf(request), request.params.id)),
  );

  app.post(
    '/deliveries/:id/redeliver',
    { onRequest: sendLimit, schema: { params, response: { 200: webhookDeliverySchema } } },
    async (request) => webhooks.redeliver(userIdOf(request), request.params.id),
  );
};
