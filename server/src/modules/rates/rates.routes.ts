import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exchangeRatesSchema,
  rateHistoryQuerySchema,
  rateHistorySchema,
  ratePairListSchema,
  rateQuerySchema,
  rateQuoteSchema,
} from '@contract/rates';
import type { RatesProvider } from './rates.provider';
import { exchangeRatesOverview } from './rates.service';

/** GET /api/exchange-rates[?from=&to=] and GET /api/exchange-rates/all; session required like all of /api. */
export const ratesRoutes: FastifyPluginAsyncZod<{ rates: RatesProvider }> = async (app, { rates }) => {
  app.get(
    '/',
    {
      config: { accountant: 'read' },
      schema: {
        querystring: rateQuerySchema,
        response: { 200: z.union([rateQuoteSchema, exchangeRatesSchema]) },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      return from && to ? rates.getRate(from, to) : exchangeRatesOverview(rates);
    },
  );

  app.get(
    '/history',
    {
      config: { accountant: 'read' },
      schema: { querystring: rateHistoryQuerySchema, response: { 200: rateHistorySchema } },
    },
    async (request) => ({ points: rates.lastDay(request.query.from, request.query.to) }),
  );

  app.get(
    '/all',
    { config: { accountant: 'read' }, schema: { response: { 200: ratePairListSchema } } },
    async () => rates.all(),
  );
};
