import type { Currency } from '@contract/currencies';
import type { Money } from '@contract/money';
import { valueIn } from '@contract/pricing';
import { quotedRate } from '../fx/fx-math';
import type { RateSource } from '../fx/rate-source';

/** An amount's worth in the home currency at one moment, and the mid-market rate it was worth it at. */
export interface HomeStamp {
  rate: string;
  homeAmount: bigint;
}

/**
 * What `total` is worth in `home` right now: the rates provider's mid rate (no fee: this is a valuation for
 * the books, not an exchange), valued as every balance is (valueIn). The same currency is worth itself at 1.
 */
export async function stampInHomeCurrency(
  rates: RateSource,
  total: Money,
  home: Currency,
): Promise<HomeStamp> {
  if (total.currency === home) return { rate: '1', homeAmount: total.minor };
  const rate = quotedRate((await rates.getRate(total.currency, home)).rate);
  return { rate: rate.text, homeAmount: valueIn(total, home, rate).minor };
}
