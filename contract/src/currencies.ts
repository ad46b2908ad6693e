import { z } from 'zod';

/**
 * The one place that knows each currency's scale (minor-unit digits). Every amount in Meridian is an integer
 * count of minor units of one of these; the scale turns it into the decimal string on the wire.
 */
export const currencies = {
  USD: { scale: 2, kind: 'fiat', name: 'US Dollar', symbol: '$' },
  EUR: { scale: 2, kind: 'fiat', name: 'Euro', symbol: '€' },
  GBP: { scale: 2, kind: 'fiat', name: 'British Pound', symbol: '£' },
  JPY: { scale: 0, kind: 'fiat', name: 'Japanese Yen', symbol: '¥' },
  CAD: { scale: 2, kind: 'fiat', name: 'Canadian Dollar', symbol: 'CA$' },
  AUD: { scale: 2, kind: 'fiat', name: 'Australian Dollar', symbol: 'A$' },
  CHF: { scale: 2, kind: 'fiat', name: 'Swiss Franc', symbol: 'CHF' },
  BTC: { scale: 8, kind: 'crypto', name: 'Bitcoin', symbol: '₿' },
  ETH: { scale: 8, kind: 'crypto', name: 'Ethereum', symbol: 'Ξ' },
} as const satisfies Record<string, { scale: number; kind: 'fiat' | 'crypto'; name: string; symbol: string }>;

export type Currency = keyof typeof currencies;
export const currencyCodes = Object.keys(currencies) as Currency[];
export const currencySchema = z.enum(currencyCodes as [Currency, ...Currency[]], {
  message: `Currency must be one of ${currencyCodes.join(', ')}`,
});

export const scaleOf = (currency: Currency): number => currencies[currency].scale;
export const kindOf = (currency: Currency): 'fiat' | 'crypto' => currencies[currency].kind;
export const isCurrency = (value: string): value is Currency => value in currencies;
