import type { FastifyPluginAsync } from 'fastify';
export interface HealthChecks {
  /** Resolves when the database answers a trivial query. */
  pingDatabase(): Promise<unknown>;
  /** Why writes are failing (a full disk), while they are; reads may still answer the ping. */
  writesFailing?(): Error | undefined;
}

/**
 * Liveness and readiness for a load balancer or orchestrator; outside /api so they need no session. They say
 * nothing of how the server is built (which database): that is for the operator's System Status.
 */
export const healthRoutes: FastifyPluginAsync<HealthChecks> = async (
  app,
  { pingDatabase, writesFailing },
) => {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    try {
      await pingDatabase();
      const failing = writesFailing?.();
      if (failing) throw failing;
      return { status: 'ok' };
    } catch (error) {
      app.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
};
