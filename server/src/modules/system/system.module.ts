import { sql, type Kysely } from 'kysely';
import type { Config } from '../../config/env';
import { writeHealthOf, type Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { Job } from '../../jobs/scheduler';
import { operatorCheck } from '../../lib/operator';
import { healthRoutes } from '../health/health.routes';
import { databaseCheck, type IntegrationCheck } from './integrations';
import { metricsRoutes } from './metrics.routes';
import { systemRoutes } from './system.routes';
import { createSystemService } from './system.service';

/**
 * How the bank is doing: health probes for the load balancer, System Status (the database, then the
 * integrations other modules report, and the jobs), and metrics. Wired last, as it reports on the rest.
 */
export async function systemModule(
  app: App,
  deps: {
    db: Kysely<Database>;
    dialect: Dialect;
    config: Config;
    jobs: Job[];
    jobsRunHere: boolean;
    integrations: IntegrationCheck[];
  },
) {
  const { db, dialect, config, jobs, jobsRunHere } = deps;
  await app.register(healthRoutes, {
    pingDatabase: () => sql`select 1`.execute(db),
    writesFailing: () => writeHealthOf(db)?.failing,
  });
  const system = createSystemService({
    db,
    jobs,
    jobsRunHere,
    integrations: [databaseCheck(db, dialect, config), ...deps.integrations],
  });
  const operator = operatorCheck(config.OPERATOR_TOKEN);
  await app.register(systemRoutes, { prefix: '/api/system', system, operator });
  await app.register(metricsRoutes, { db, system, token: config.METRICS_TOKEN });
}
