import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forecastFloorBodySchema, forecastQuerySchema, forecastSchema } from '@contract/forecast';
import { userIdOf } from '../../plugins/session';
import type { ForecastService } from './forecast.service';

/** Under /api/forecast: an accountant may read the forecast; the floors are the owner's to set. */
export const forecastRoutes: FastifyPluginAsyncZod<{ forecast: ForecastService }> = async (
  app,
  { forecast },
) => {
  app.get(
    '/',
    {
      config: { accountant: 'read' },
      schema: { querystring: forecastQuerySchema, response: { 200: forecastSchema } },
    },
    async (request) => forecast.forecast(userIdOf(request), request.query.days),
  );

  app.put(
    '/floors',
    { schema: { body: forecastFloorBodySchema, response: { 200: forecastFloorBodySchema } } },
    async (request) => forecast.setFloor(userIdOf(request), request.body),
  );
};
