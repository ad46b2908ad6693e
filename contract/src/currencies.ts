import { z } from 'zod';

/**
 * The one place that knows each currency's scale (minor-unit digits) and ceiling. Every amount in Meridian is
 * an integer count of minor units of one of these; the scale turns it into the decimal string on the wire.
 *
 * `ceiling` (whole units) is the most any single amount and any customer balance of the currency may be: a
 * few billion US dollars' worth (5 billion of each fiat but the yen, 500 billion yen; 100,000 BTC and
 * 1,000,000 ETH in their own units). No freelancer comes near it, and it keeps every figure made of a few
 * amounts (a balance plus a payment, an invoice's lines plus tax, a price times a quantity) far inside the
 * 64-bit integer the database stores (9.2 × 10^18 minor units; the largest ceiling is 10^14). The edge refuses
 * more with a 400 naming the field (money.ts `amountProblem`); the ledger refuses an entry that would take a
 * balance past it with a 422 (ledger.service.ts).
 */
export const currencies = {
  USD: { scale: 2, ceiling: 5_000_000_000n, kind: 'fiat', name: 'US Dollar', symbol: '$' },
  EUR: { scale: 2, ceiling: 5_000_000_000n, kind: 'fiat', name: 'Euro', symbol: '€' },
  GBP: { scale: 2, ceiling: 5_000_000_000n, kind: 'fiat', name: 'British Pound', symbol: '£' },
  JPY: { scale: 0, ceiling: 500_000_000_000n, kind: 'fiat', name: 'Japanese Yen', symbol: '¥' },
  CAD: { scale: 2, ceiling: 5_000_000_000n, kind: 'fiat', name: 'Canadian Dollar', symbol: 'CA$' },
  AUD: { scale: 2, ceiling: 5_000_000_000n, kind: 'fiat', name: 'Australian Dollar', symbol: 'A$' },
  CHF: { scale: 2, ceiling: 5_000_000_000n, kind: 'fiat', name: 'Swiss Franc', symbol: 'CHF' },
  BTC: { scale: 8, ceiling: 100_000n, kind: 'crypto', name: 'Bitcoin', symbol: '₿' },
  ETH: { scale: 8, ceiling: 1_000_000n, kind: 'crypto', name: 'Ethereum', symbol: 'Ξ' },
} as const satisfies Record<
  string,
  { scale: number; ceiling: bigint; kind: 'fiat' | 'crypto'; name: string; symbol: string }
>;

export type Currency = keyof typeof currencies;
export const currencyCodes = Object.keys(currencies) as Currency[];
export const currencySchema = z.enum(currencyCodes as [Currency, ...Currency[]], {
  message: `Currency must be one of ${currencyCodes.join(', ')}`,
});

export const scaleOf = (currency: Currency): number => currencies[currency].scale;
/** The ceiling of any amount and any customer balance of `currency`, in minor units (see `currencies`). */
export const maxMinorOf = (currency: Currency): bigint =>
  currencies[currency].ceiling * 10n ** BigInt(currencies[currency].scale);
export const kindOf = (currency: Currency): 'fiat' | 'crypto' => currencies[currency].kind;
export const isCurrency = (value: string): value is Currency => value in currencies;
