import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsSchema, cashflowSchema } from '@contract/analytics';
import { userIdOf } from '../../plugins/session';
import type { AnalyticsService } from './analytics.service';

export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (
  app,
  { analytics },
) => {
  app.get(
    '/',
    { config: { accountant: 'read' }, schema: { response: { 200: analyticsSchema } } },
    async (request) => analytics.summary(userIdOf(request)),
  );

  app.get(
    '/cashflow',
    { config: { accountant: 'read' }, schema: { response: { 200: cashflowSchema } } },
    async (request) => analytics.cashflow(userIdOf(request)),
  );
};
