import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@contract/text';
import {
  portfolioSchema,
  tradeBodySchema,
  tradeQuoteBodySchema,
  tradeQuoteSchema,
  tradingOrderSchema,
} from '@contract/trading';
import { userIdOf } from '../../plugins/session';
import { idempotencyOf, sendIdempotent } from '../idempotency/idempotency';
import type { TradingService } from './trading.service';

const params = z.object({ id: pathIdSchema(100) });

/** The spec's trading calls, registered at the root of /api: /trade, /trade/quote, /portfolio, /trading-orders. */
export const tradingRoutes: FastifyPluginAsyncZod<{ trading: TradingService }> = async (app, { trading }) => {
  app.post(
    '/trade/quote',
    { schema: { body: tradeQuoteBodySchema, response: { 200: tradeQuoteSchema } } },
    async (request) => trading.quote(userIdOf(request), request.body),
  );

  app.post(
    '/trade',
    {
      config: { idempotent: true },
      schema: { body: tradeBodySchema, response: { 201: tradingOrderSchema } },
    },
    async (request, reply) =>
      sendIdempotent(reply, await trading.trade(idempotencyOf(request, userIdOf(request)), request.body)),
  );

  app.get(
    '/portfolio',
    { config: { accountant: 'read' }, schema: { response: { 200: portfolioSchema } } },
    async (request) => trading.portfolio(userIdOf(request)),
  );

  app.get(
    '/trading-orders',
    { schema: { response: { 200: z.array(tradingOrderSchema) } } },
    async (request) => trading.orders(userIdOf(request)),
  );

  app.delete('/trading-orders/:id', { schema: { params } }, async (request, reply) => {
    await trading.cancel(userIdOf(request), request.params.id);
    return reply.status(204).send();
  });
};
