import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { checkpointerOf } from '../../db/database';
import type { Database } from '../../db/schema';
import { bearerTokenOf } from '../../lib/bearer-token';
import { AppError } from '../../lib/errors';
import { jobLag, ledgerEntries, metricsRegistry, sqliteCheckpoints } from '../../lib/metrics';
import type { SystemService } from './system.service';

/**
 * GET /metrics in Prometheus' text format, outside /api like /healthz (no session, not rate limited). With
 * METRICS_TOKEN set, a scraper must send `Authorization: Bearer <token>`.
 */
export const metricsRoutes: FastifyPluginAsync<{
  db: Kysely<Database>;
  system: SystemService;
  token: string | undefined;
}> = async (app, { db, system, token }) => {
  app.get('/metrics', async (request, reply) => {
    if (token && bearerTokenOf(request, token) !== 'right') {
      throw new AppError('UNAUTHENTICATED', 'A metrics token is required');
    }
    try {
      const row = await sql<{
        count: number | bigint;
      }>`select count(*) as count from journal_entries`.execute(db);
      ledgerEntries.set(Number(row.rows[0]?.count ?? 0));
      for (const job of await system.jobReports()) {
        if (job.lagSeconds !== null) jobLag.set({ job: job.name }, job.lagSeconds);
      }
    } catch (error) {
      request.log.warn({ err: error }, 'metrics: database figures unavailable');
    }
    const checkpointer = checkpointerOf(db);
    if (checkpointer) {
      const sqlite = { database: 'sqlite' };
      sqliteCheckpoints.up.set(sqlite, checkpointer.failure === undefined ? 1 : 0);
      sqliteCheckpoints.walFrames.set(sqlite, Number(checkpointer.lastPass?.log ?? 0));
      sqliteCheckpoints.writerRestarts.set(sqlite, checkpointer.stats.restarts);
    } else {
      // The registry is the process's; only an app with a checkpoint thread reports one.
      Object.values(sqliteCheckpoints).forEach((gauge) => gauge.reset());
    }
    return reply
      .type(metricsRegistry.contentType)
      .header('cache-control', 'no-store')
      .send(await metricsRegistry.metrics());
  });
};
