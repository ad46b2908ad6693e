import type { FastifyPluginAsync } from 'fastify';
import type { Dialect } from '../../db/database';

export interface HealthChecks {
  dialect: Dialect;
  /** Resolves when the database answers a trivial query. */
  pingDatabase(): Promise<unknown>;
  /** Why writes are failing (a full disk), while they are; reads may still answer the ping. */
  writesFailing?(): Error | undefined;
}

/** Liveness and readiness for a load balancer or orchestrator; outside /api so they need no session. */
export const healthRoutes: FastifyPluginAsync<HealthChecks> = async (
  app,
  { dialect, pingDatabase, writesFailing },
) => {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    try {
      await pingDatabase();
      const failing = writesFailing?.();
      if (failing) throw failing;
      return { status: 'ok', database: dialect };
    } catch (error) {
      app.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable', database: dialect });
    }
  });
};
