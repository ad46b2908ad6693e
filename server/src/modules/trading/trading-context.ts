import type { Kysely } from 'kysely';
import type { Money } from '@contract/money';
import type { TradeAsset } from '@contract/trading';
import type { Database } from '../../db/schema';
import { quotedRate } from '../fx/fx-math';
import type { RateSource } from '../fx/rate-source';
import type { SpendingLimits } from '../kyc/spending-limit';
import type { Notifier } from '../notifications/notifier';
import { priceFromRate } from './trade-pricing';

/** What every trading use case works with. */
export interface TradingDeps {
  db: Kysely<Database>;
  rates: RateSource;
  notifier: Notifier;
  /** The monthly limit by verification level (modules/kyc): buys count, sells do not. */
  limits: SpendingLimits;
}

/** The asset's price in USD now, to the cent: a 503 when the provider gives nothing usable. */
export async function livePrice(rates: RateSource, asset: TradeAsset): Promise<Money> {
  const quote = await rates.getRate(asset, 'USD');
  quotedRate(quote.rate);
  return priceFromRate(quote.rate);
}
