import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';

/** Liveness and readiness for a load balancer or orchestrator; outside /api so they need no session. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return { status: 'ok', database: app.dialect };
    } catch (error) {
      app.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable', database: app.dialect });
    }
  });
};
