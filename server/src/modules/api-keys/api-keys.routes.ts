import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyListSchema, createApiKeyBodySchema, createdApiKeySchema } from '@contract/api-keys';
import { pathIdSchema } from '@contract/text';
import { userIdOf } from '../../plugins/session';
import type { ApiKeysService } from './api-keys.service';

const params = z.object({ id: pathIdSchema(100) });

/**
 * Under /api/api-keys: the signed-in owner's keys. A key never manages keys (plugins/api-key-scope.ts) and an
 * accountant never reaches these (no `accountant` config): only the owner's own session.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ keys: ApiKeysService }> = async (app, { keys }) => {
  app.get(
    '/',
    { config: { apiKey: 'never' }, schema: { response: { 200: apiKeyListSchema } } },
    async (request) => keys.list(userIdOf(request)),
  );

  app.post(
    '/',
    {
      config: { apiKey: 'never' },
      schema: { body: createApiKeyBodySchema, response: { 201: createdApiKeySchema } },
    },
    async (request, reply) => reply.status(201).send(await keys.create(userIdOf(request), request.body)),
  );

  app.delete('/:id', { config: { apiKey: 'never' }, schema: { params } }, async (request, reply) => {
    await keys.revoke(userIdOf(request), request.params.id);
    return reply.status(204).send();
  });
};
