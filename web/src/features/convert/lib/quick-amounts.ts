import { currencies, type Currency } from '@contract/currencies';
import { groupThousands } from '@contract/money';

/** The spec's Quick Convert amounts, for any fiat source (JPY included: 100 to 50,000 yen are everyday sums). */
const FIAT_AMOUNTS = ['100', '500', '1000', '5000', '10000', '50000'] as const;

type CryptoCurrency = {
  [C in Currency]: (typeof currencies)[C]['kind'] extends 'crypto' ? C : never;
}[Currency];

/**
 * A coin is worth thousands of dollars, so 100 BTC would be a fortune nobody converts in one tap. Each asset gets
 * six steps spanning roughly the fiat list's $100–$50,000 at reference prices (BTC ≈ $28,000: $28 to $28,000;
 * ETH ≈ $1,800: $90 to $18,000). Keyed by every crypto currency, so adding a coin without its amounts fails to
 * compile rather than offering it fiat-sized ones.
 */
const CRYPTO_AMOUNTS: Record<CryptoCurrency, readonly string[]> = {
  BTC: ['0.001', '0.01', '0.05', '0.1', '0.5', '1'],
  ETH: ['0.05', '0.1', '0.5', '1', '5', '10'],
};

const isCrypto = (currency: Currency): currency is CryptoCurrency => currencies[currency].kind === 'crypto';

/** The Quick Convert buttons for converting from `from`, as amount strings the amount field takes. */
export function quickConvertAmounts(from: Currency): readonly string[] {
  return isCrypto(from) ? CRYPTO_AMOUNTS[from] : FIAT_AMOUNTS;
}

/** A button's label: "50,000", "0.001" (thousands grouped in the whole part only). */
export function quickAmountLabel(amount: string): string {
  const [whole = '0', fraction] = amount.split('.');
  return fraction === undefined ? groupThousands(whole) : `${groupThousands(whole)}.${fraction}`;
}

/**
 * Where the amount starts when the source currency changes by picking a rate: an amount typed in one currency
 * means nothing in another (1,000 USD is not 1,000 ETH ≈ $1.9 million), so it starts over at an everyday sum of
 * the new source (1,000 for fiat, 0.05 BTC, 0.5 ETH).
 */
export const startingAmount = (from: Currency): string => quickConvertAmounts(from)[2]!;
