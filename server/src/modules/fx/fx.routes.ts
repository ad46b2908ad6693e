import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conversionSchema, convertBodySchema, convertResponseSchema } from '@contract/fx';
import { userIdOf } from '../../plugins/session';
import { idempotencyOf, sendIdempotent } from '../idempotency/idempotency';
import type { FxService } from './fx.service';

export const fxRoutes: FastifyPluginAsyncZod<{ fx: FxService }> = async (app, { fx }) => {
  app.post(
    '/quote',
    { schema: { body: convertBodySchema, response: { 200: conversionSchema } } },
    async (request) => fx.quote(request.body),
  );

  app.post(
    '/',
    { schema: { body: convertBodySchema, response: { 201: convertResponseSchema } } },
    async (request, reply) =>
      sendIdempotent(reply, await fx.convert(idempotencyOf(request, userIdOf(request)), request.body)),
  );
};
