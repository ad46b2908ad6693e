import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { RateSource } from '../fx/rate-source';
import { analyticsRoutes } from './analytics.routes';
import { createAnalyticsService } from './analytics.service';

/** Spending and earnings over time, read from the history. */
export async function analyticsModule(app: App, deps: { db: Kysely<Database>; rates: RateSource }) {
  const analytics = createAnalyticsService({ db: deps.db, rates: deps.rates });
  await app.register(analyticsRoutes, { prefix: '/api/analytics', analytics });
}
