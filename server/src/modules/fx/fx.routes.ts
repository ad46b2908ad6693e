import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conversionQuoteSchema, convertBodySchema, convertResponseSchema } from '@contract/fx';
import { userIdOf } from '../../plugins/session';
import { idempotencyOf, sendIdempotent } from '../idempotency/idempotency';
import type { FxService } from './fx.service';

export const fxRoutes: FastifyPluginAsyncZod<{ fx: FxService }> = async (app, { fx }) => {
  app.post(
    '/quote',
    { schema: { body: convertBodySchema, response: { 200: conversionQuoteSchema } } },
    async (request) => fx.quote(userIdOf(request), request.body),
  );

  app.post(
    '/',
    {
      config: { idempotent: true },
      schema: { body: convertBodySchema, response: { 201: convertResponseSchema } },
    },
    async (request, reply) =>
      sendIdempotent(reply, await fx.convert(idempotencyOf(request, userIdOf(request)), request.body)),
  );
};
