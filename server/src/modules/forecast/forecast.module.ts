import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { RateSource } from '../fx/rate-source';
import { createGoalsService } from '../goals/goals.service';
import type { Notifier } from '../notifications/notifier';
import { forecastWarningsJob } from './forecast-notices';
import { forecastRoutes } from './forecast.routes';
import { createForecastService, type ForecastDeps } from './forecast.service';

/**
 * The cash-flow forecast: what the wallets are expected to hold each day from today, from what the other
 * modules know (read through their faces or read-only queries), the floors the owner sets, and a job that
 * tells each new warning once.
 */
export async function forecastModule(
  app: App,
  deps: {
    db: Kysely<Database>;
    config: Config;
    rates: RateSource;
    notifier: Notifier;
    tax: ForecastDeps['tax'];
    scheduled: ForecastDeps['scheduled'];
  },
) {
  const { db, config, rates, notifier, tax, scheduled } = deps;
  // The goals module's service, for the set-aside shares (never its tables).
  const goals = createGoalsService({ db, notifier });
  const forecast = createForecastService({ db, rates, goals, tax, scheduled });
  await app.register(forecastRoutes, { prefix: '/api/forecast', forecast });
  return {
    jobs: [forecastWarningsJob({ db, notifier, forecast }, config.FORECAST_WARNING_INTERVAL_SECONDS)],
    face: forecast,
  };
}
