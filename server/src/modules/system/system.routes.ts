import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemStatusSchema, systemTestSchema } from '@contract/system';
import type { SystemService } from './system.service';

/**
 * GET /api/system/status and POST /api/system/test. Public routes on purpose: they must answer when the
 * database (and so every session) is down. Only a signed-in caller sees what is configured and the jobs.
 */
export const systemRoutes: FastifyPluginAsyncZod<{ system: SystemService }> = async (app, { system }) => {
  app.get(
    '/status',
    { config: { public: true }, schema: { response: { 200: systemStatusSchema } } },
    async (request) => system.status(request.auth !== null),
  );

  app.post(
    '/test',
    { config: { public: true }, schema: { response: { 200: systemTestSchema } } },
    async (request) => system.test(request.auth !== null),
  );
};
