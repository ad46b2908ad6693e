import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientListSchema,
  clientSchema,
  createClientBodySchema,
  updateClientBodySchema,
} from '@contract/clients';
import { pathIdSchema } from '@contract/text';
import { userIdOf } from '../../plugins/session';
import type { ClientsService } from './clients.service';

const params = z.object({ id: pathIdSchema(100) });

/** Under /api/clients: the signed-in user's own clients (another user's is a 404). */
export const clientRoutes: FastifyPluginAsyncZod<{ clients: ClientsService }> = async (app, { clients }) => {
  app.get(
    '/',
    { config: { accountant: 'read' }, schema: { response: { 200: clientListSchema } } },
    async (request) => clients.list(userIdOf(request)),
  );

  app.post(
    '/',
    { schema: { body: createClientBodySchema, response: { 201: clientSchema } } },
    async (request, reply) => reply.status(201).send(await clients.create(userIdOf(request), request.body)),
  );

  app.get(
    '/:id',
    { config: { accountant: 'read' }, schema: { params, response: { 200: clientSchema } } },
    async (request) => clients.get(userIdOf(request), request.params.id),
  );

  app.patch(
    '/:id',
    { schema: { params, body: updateClientBodySchema, response: { 200: clientSchema } } },
    async (request) => clients.update(userIdOf(request), request.params.id, request.body),
  );

  app.delete('/:id', { schema: { params } }, async (request, reply) => {
    await clients.remove(userIdOf(request), request.params.id);
    return reply.status(204).send();
  });
};
