import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createRecipientBodySchema, recipientListSchema, recipientSchema } from '@contract/recipients';
import { pathIdSchema } from '@contract/text';
import { userIdOf } from '../../plugins/session';
import type { RecipientsService } from './recipients.service';

const recipientParams = z.object({ id: pathIdSchema(400) });

export const recipientRoutes: FastifyPluginAsyncZod<{ recipients: RecipientsService }> = async (
  app,
  { recipients },
) => {
  app.get('/', { schema: { response: { 200: recipientListSchema } } }, async (request) =>
    recipients.list(userIdOf(request)),
  );

  app.post(
    '/',
    { schema: { body: createRecipientBodySchema, response: { 201: recipientSchema } } },
    async (request, reply) =>
      reply.status(201).send(await recipients.create(userIdOf(request), request.body)),
  );

  app.delete('/:id', { schema: { params: recipientParams } }, async (request, reply) => {
    await recipients.remove(userIdOf(request), request.params.id);
    return reply.status(204).send();
  });
};
