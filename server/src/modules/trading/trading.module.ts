import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { RateSource } from '../fx/rate-source';
import type { SpendingLimits } from '../kyc/spending-limit';
import type { Notifier } from '../notifications/notifier';
import { tradingRoutes } from './trading.routes';
import { createTradingService, orderMatchingJob } from './trading.service';

/** Buying and selling crypto: market orders at once, limit orders matched by a job. */
export async function tradingModule(
  app: App,
  deps: { db: Kysely<Database>; rates: RateSource; notifier: Notifier; limits: SpendingLimits },
) {
  const { db, rates, notifier, limits } = deps;
  const trading = createTradingService({ db, rates, notifier, limits });
  await app.register(tradingRoutes, { prefix: '/api', trading });
  return { jobs: [orderMatchingJob(trading)] };
}
