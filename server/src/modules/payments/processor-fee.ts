import { isCurrency, scaleOf, type Currency } from '@contract/currencies';
import { Money, parseRate } from '@contract/money';

/**
 * Stripe's fee for a charge, in the charge's currency. Stripe states it in the account's settlement currency,
 * with the charge's own rate (`exchange_rate`: one unit charged is that many settled) when the two differ;
 * the fee goes back at that rate, exactly in integers (the rate read from its decimal text), rounded half up
 * to the minor unit. A settlement currency Meridian does not list is taken to have two decimals, as Stripe's
 * do but for the zero-decimal ones Meridian lists (JPY).
 */
export function feeInChargeCurrency(
  fee: number,
  settled: string,
  charged: Currency,
  exchangeRate: number | null,
): Money {
  const settledCurrency = settled.toUpperCase();
  if (settledCurrency === charged) return Money.of(BigInt(fee), charged);
  const rate = parseRate(String(exchangeRate ?? 1));
  const settledScale = isCurrency(settledCurrency) ? scaleOf(settledCurrency) : 2;
  const numerator = BigInt(fee) * rate.denominator * 10n ** BigInt(scaleOf(charged));
  const denominator = rate.numerator * 10n ** BigInt(settledScale);
  return Money.of((2n * numerator + denominator) / (2n * denominator), charged);
}
