import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemStatusSchema, systemTestSchema } from '@contract/system';
import type { OperatorCheck } from '../../lib/operator';
import type { SystemService } from './system.service';

/**
 * GET /api/system/status and POST /api/system/test. Public routes on purpose: they must answer when the
 * database (and so every session) is down. GET serves anyone (a stranger, a customer, a demo) each system's
 * status in plain words, and an operator the details too; POST's live probes serve operators only.
 */
export const systemRoutes: FastifyPluginAsyncZod<{ system: SystemService; operator: OperatorCheck }> = async (
  app,
  { system, operator },
) => {
  app.get(
    '/status',
    { config: { public: true }, schema: { response: { 200: systemStatusSchema } } },
    async (request) => system.status(operator.isOperator(request)),
  );

  app.post(
    '/test',
    { config: { public: true }, schema: { response: { 200: systemTestSchema } } },
    async (request) => {
      operator.requireOperator(request);
      return system.test();
    },
  );
};
