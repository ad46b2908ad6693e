import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { SpendingLimits } from '../kyc/spending-limit';
import type { Notifier } from '../notifications/notifier';
import { fxRoutes } from './fx.routes';
import { createFxService } from './fx.service';
import type { RateSource } from './rate-source';

/** Conversions between a user's wallets, at a quoted rate. */
export async function fxModule(
  app: App,
  deps: { db: Kysely<Database>; rates: RateSource; notifier: Notifier; limits: SpendingLimits },
) {
  const { db, rates, notifier, limits } = deps;
  const fx = createFxService({ db, rates, notifier, limits });
  await app.register(fxRoutes, { prefix: '/api/convert', fx });
  return { fx };
}
