import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  transferBodySchema,
  transferQuoteBodySchema,
  transferQuoteSchema,
  transferResponseSchema,
} from '@contract/transfers';
import { userIdOf } from '../../plugins/session';
import { idempotencyOf, sendIdempotent } from '../idempotency/idempotency';
import type { TransfersService } from './transfers.service';

/** Send Money: POST /api/transactions (the sketch's path) and a quote of the same figures. */
export const transferRoutes: FastifyPluginAsyncZod<{ transfers: TransfersService }> = async (
  app,
  { transfers },
) => {
  app.post(
    '/',
    {
      config: { idempotent: true },
      schema: { body: transferBodySchema, response: { 201: transferResponseSchema } },
    },
    async (request, reply) =>
      sendIdempotent(reply, await transfers.send(idempotencyOf(request, userIdOf(request)), request.body)),
  );

  app.post(
    '/quote',
    { schema: { body: transferQuoteBodySchema, response: { 200: transferQuoteSchema } } },
    async (request) => transfers.quote(userIdOf(request), request.body),
  );
};
