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

/** Under /api/webhooks, the owner's only: an accountant neither reads nor writes them (secrets, URLs). */
export const webhookRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService; keptDays: number }> = async (
  app,
  { webhooks, keptDays },
) => {
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
    { schema: { params, response: { 201: webhookDeliverySchema } } },
    async (request, reply) =>
      reply.status(201).send(await webhooks.test(userIdOf(request), request.params.id)),
  );

  app.post(
    '/deliveries/:id/redeliver',
    { schema: { params, response: { 200: webhookDeliverySchema } } },
    async (request) => webhooks.redeliver(userIdOf(request), request.params.id),
  );
};
