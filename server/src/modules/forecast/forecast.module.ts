import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { AuthService } from '../auth/auth.service';
import type { RateSource } from '../fx/rate-source';
import { createGoalsService } from '../goals/goals.service';
import type { Notifier } from '../notifications/notifier';
import { forecastWarningsJob } from './forecast-notices';
import { saveFloor } from './forecast.repository';
import { forecastRoutes } from './forecast.routes';
import { createForecastService, type ForecastDeps } from './forecast.service';

/** The demo's USD floor: 10,000.00. */
export const DEMO_USD_FLOOR_MINOR = 1_000_000n;

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
    auth: AuthService;
    tax: ForecastDeps['tax'];
    scheduled: ForecastDeps['scheduled'];
  },
) {
  const { db, config, rates, notifier, auth, tax, scheduled } = deps;
  // The goals module's service, for the set-aside shares (never its tables).
  const goals = createGoalsService({ db, notifier });
  const forecast = createForecastService({ db, rates, goals, tax, scheduled });
  await app.register(forecastRoutes, { prefix: '/api/forecast', forecast });
  // The demo keeps a cushion in its USD wallet: with its rent (demo/demo.schedules.ts) the forecast warns.
  auth.onDemoSeed((seedDb, user) =>
    saveFloor(seedDb, user.id, 'USD', DEMO_USD_FLOOR_MINOR, new Date().toISOString()),
  );
  return {
    jobs: [forecastWarningsJob({ db, notifier, forecast }, config.FORECAST_WARNING_INTERVAL_SECONDS)],
    face: forecast,
  };
}
